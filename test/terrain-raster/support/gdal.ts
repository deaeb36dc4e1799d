// Test helpers that drive the GDAL command-line tools (gdal-bin) as the independent reference:
// rasters are written by gdal_translate from raw values the tests generate, and the reference
// results of gdalwarp / gdaldem are read back as raw little-endian arrays (ENVI format).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type GdalType = 'Float32' | 'Int16' | 'Byte' | 'UInt16';

/** [originX, pixelWidth, 0, originY, 0, -pixelHeight], GDAL's geotransform order. */
export type GeoTransform = [number, number, number, number, number, number];

export interface RasterSpec {
  width: number;
  height: number;
  data: Float32Array | Int16Array | Uint8Array | Uint16Array;
  type: GdalType;
  geoTransform: GeoTransform;
  /** e.g. 'EPSG:32632' */
  srs: string;
  nodata?: number;
  /** gdal_translate creation options, e.g. ['TILED=YES', 'COMPRESS=DEFLATE']. */
  creationOptions?: string[];
  /** Output driver, GTiff by default; 'COG' writes a cloud optimized GeoTIFF with overviews. */
  format?: 'GTiff' | 'COG';
  /** Extra gdal_translate arguments (e.g. ['-mo', 'AREA_OR_POINT=Point']). */
  extraArgs?: string[];
}

export function gdal(command: string, args: string[]): string {
  return execFileSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const BYTES: Record<GdalType, number> = { Float32: 4, Int16: 2, Byte: 1, UInt16: 2 };

/** Writes `spec` to `path` through a VRT over a raw file, converted by gdal_translate. */
export function writeRaster(path: string, spec: RasterSpec): void {
  const raw = `${path}.raw`;
  writeFileSync(raw, Buffer.from(spec.data.buffer, spec.data.byteOffset, spec.data.byteLength));
  const size = BYTES[spec.type];
  const vrt = `<VRTDataset rasterXSize="${spec.width}" rasterYSize="${spec.height}">
  <SRS>${spec.srs}</SRS>
  <GeoTransform>${spec.geoTransform.map((v) => v.toPrecision(17)).join(', ')}</GeoTransform>
  <VRTRasterBand dataType="${spec.type}" band="1" subClass="VRTRawRasterBand">
    ${spec.nodata !== undefined ? `<NoDataValue>${spec.nodata}</NoDataValue>` : ''}
    <SourceFilename relativeToVRT="0">${raw}</SourceFilename>
    <ImageOffset>0</ImageOffset>
    <PixelOffset>${size}</PixelOffset>
    <LineOffset>${size * spec.width}</LineOffset>
    <ByteOrder>LSB</ByteOrder>
  </VRTRasterBand>
</VRTDataset>`;
  writeFileSync(`${path}.vrt`, vrt);
  const options = (spec.creationOptions ?? []).flatMap((o) => ['-co', o]);
  gdal('gdal_translate', [
    '-q',
    '-of',
    spec.format ?? 'GTiff',
    ...options,
    ...(spec.extraArgs ?? []),
    `${path}.vrt`,
    path,
  ]);
  rmSync(raw);
  rmSync(`${path}.vrt`);
}

/** Reads band 1 of any GDAL raster as Float32 (via ENVI), nodata values turned into NaN. */
export function readRasterAsFloat32(path: string): { width: number; height: number; data: Float32Array } {
  const out = `${path}.f32.envi`;
  gdal('gdal_translate', ['-q', '-of', 'ENVI', '-ot', 'Float32', path, out]);
  const info = JSON.parse(gdal('gdalinfo', ['-json', path])) as {
    size: [number, number];
    bands: { noDataValue?: number | string }[];
  };
  const [width, height] = info.size;
  const bytes = readFileSync(out);
  const data = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  rmSync(out, { force: true });
  rmSync(out.replace(/\.envi$/, '.hdr'), { force: true });
  rmSync(`${out}.aux.xml`, { force: true });
  const rawNodata = info.bands[0].noDataValue;
  if (rawNodata !== undefined) {
    const nodata = Math.fround(Number(rawNodata));
    for (let i = 0; i < data.length; i++) if (data[i] === nodata) data[i] = NaN;
  }
  return { width, height, data };
}

/** gdalwarp of `src` onto one Web Mercator tile: the reference for a provider's work tile. */
export function gdalwarpTile(
  src: string,
  mercatorBounds: [number, number, number, number],
  size: number,
  resampling: 'bilinear' | 'near',
  workDir: string,
): Float32Array {
  const out = join(workDir, `warp-${Math.random().toString(36).slice(2)}.tif`);
  gdal('gdalwarp', [
    '-q',
    '-overwrite',
    '-t_srs',
    'EPSG:3857',
    '-te',
    ...mercatorBounds.map((v) => v.toPrecision(17)),
    '-ts',
    String(size),
    String(size),
    '-r',
    resampling,
    // Exact per-pixel transformation (the default approximates to 0.125 px).
    '-et',
    '0',
    '-ot',
    'Float32',
    '-dstnodata',
    '-99999',
    src,
    out,
  ]);
  const result = readRasterAsFloat32(out).data;
  rmSync(out, { force: true });
  return result;
}

/** gdaldem slope or TRI of `src` (Horn slope in degrees; TRI Riley), nodata as NaN. */
export function gdaldem(mode: 'slope' | 'TRI', src: string, workDir: string, extra: string[] = []): Float32Array {
  const out = join(workDir, `${mode}-${Math.random().toString(36).slice(2)}.tif`);
  const args = mode === 'TRI' ? ['TRI', src, out, '-alg', 'Riley', ...extra] : ['slope', src, out, ...extra];
  gdal('gdaldem', [...args, '-q']);
  const result = readRasterAsFloat32(out).data;
  rmSync(out, { force: true });
  return result;
}
