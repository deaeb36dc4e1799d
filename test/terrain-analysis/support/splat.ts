// SPLAT! (Debian splat 1.4.2) as the external reference for RF path loss, always in Longley–Rice
// mode (-olditm; its default ITWOM is another model). The terrain goes the way SPLAT! reads it: a
// projected GeoTIFF warped to EPSG:4326 on the 3″ grid of one SRTM tile (gdalwarp), written as an
// SRTM .hgt (gdal_translate -of SRTMHGT), converted to SPLAT!'s .sdf (srtm2sdf).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gdal, readRasterAsFloat32 } from '../../terrain-raster/support/gdal.ts';

/** Cells per degree of an SRTM-3 tile (1201 × 1201 samples, the edges shared with neighbours). */
export const SRTM3_PER_DEGREE = 1200;
/** SPLAT!'s earth radius (3959 statute miles), metres: its path distances are great-circle arcs of it. */
export const SPLAT_EARTH_RADIUS_M = 3959 * 1609.344;

export interface SrtmTile {
  /** South-west corner, whole degrees (east and north positive). */
  lat: number;
  lon: number;
  /** 1201 × 1201 elevations, row 0 = northern edge (lat + 1), column 0 = western edge (lon). */
  data: Float32Array;
  /** Directory holding the tile's .sdf for splat -d. */
  sdfDir: string;
}

/**
 * Warps `demPath` (any projected GeoTIFF) onto the 3″ grid of the SRTM tile whose south-west corner
 * is (lat, lon), writes it as .hgt and .sdf in `dir`, and returns the elevations SPLAT! will read.
 */
export function writeSrtmTile(demPath: string, lat: number, lon: number, dir: string): SrtmTile {
  const half = 0.5 / SRTM3_PER_DEGREE;
  const name = `N${String(lat).padStart(2, '0')}E${String(lon).padStart(3, '0')}`;
  const warped = join(dir, `${name}.tif`);
  gdal('gdalwarp', [
    '-q',
    '-overwrite',
    '-t_srs',
    'EPSG:4326',
    '-r',
    'bilinear',
    '-ot',
    'Int16',
    '-te',
    String(lon - half),
    String(lat - half),
    String(lon + 1 + half),
    String(lat + 1 + half),
    '-ts',
    '1201',
    '1201',
    demPath,
    warped,
  ]);
  const hgt = join(dir, `${name}.hgt`);
  gdal('gdal_translate', ['-q', '-of', 'SRTMHGT', warped, hgt]);
  execFileSync('srtm2sdf', [`${name}.hgt`], { cwd: dir, stdio: 'ignore' });
  if (!readdirSync(dir).some((f) => f.endsWith('.sdf'))) throw new Error('srtm2sdf wrote no .sdf');
  const { width, height, data } = readRasterAsFloat32(hgt);
  if (width !== 1201 || height !== 1201) throw new Error(`${hgt} is ${width} x ${height}`);
  return { lat, lon, data, sdfDir: dir };
}

export interface SplatSite {
  name: string;
  lat: number;
  /** East positive (converted to SPLAT!'s west longitudes). */
  lon: number;
  /** Antenna height above ground, metres. */
  height: number;
}

export interface SplatRadio {
  permittivity: number;
  conductivity: number;
  refractivity: number;
  frequencyMhz: number;
  /** ITM climate code 1–7. */
  climate: number;
  polarization: 'horizontal' | 'vertical';
  /** Fractions 0–1 (SPLAT!'s "situations" is ITM's confidence, "time" its reliability). */
  situations: number;
  time: number;
}

function writeSite(dir: string, site: SplatSite): string {
  const path = join(dir, `${site.name}.qth`);
  writeFileSync(path, `${site.name}\n${site.lat.toFixed(8)}\n${(360 - site.lon).toFixed(8)}\n${site.height}m\n`);
  return path;
}

function writeRadio(dir: string, tx: SplatSite, radio: SplatRadio): void {
  writeFileSync(
    join(dir, `${tx.name}.lrp`),
    [
      radio.permittivity,
      radio.conductivity,
      radio.refractivity,
      radio.frequencyMhz,
      radio.climate,
      radio.polarization === 'vertical' ? 1 : 0,
      radio.situations,
      radio.time,
    ]
      .map(String)
      .join('\n') + '\n',
  );
}

/**
 * Longley–Rice path loss (dB) from `tx` to `rx` as `splat -olditm` reports it (its "-to-" report's
 * "Longley-Rice path loss" line), run in `dir`. With `timeoutMs`, NaN when SPLAT! has not finished by
 * then: on some steep paths its obstruction analysis (written into the same report) runs for minutes.
 */
export function splatPathLoss(
  dir: string,
  sdfDir: string,
  tx: SplatSite,
  rx: SplatSite,
  radio: SplatRadio,
  timeoutMs?: number,
): number {
  writeRadio(dir, tx, radio);
  const txFile = writeSite(dir, tx);
  const rxFile = writeSite(dir, rx);
  try {
    execFileSync('splat', ['-t', txFile, '-r', rxFile, '-olditm', '-metric', '-d', sdfDir], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
  } catch (error) {
    if (timeoutMs !== undefined && (error as { signal?: string }).signal === 'SIGKILL') return NaN;
    throw error;
  }
  const report = readFileSync(join(dir, `${tx.name}-to-${rx.name}.txt`), 'utf8');
  const match = /Longley-Rice path loss: ([\d.]+) dB/.exec(report);
  if (!match) throw new Error(`no Longley-Rice path loss in SPLAT! report:\n${report}`);
  return Number(match[1]);
}

/**
 * Runs a SPLAT! path-loss map (-L, receivers `rxHeight` metres above ground) of `radiusKm` around
 * `tx` into `dir`/coverage.ppm; returns the wall time and the CPU time (user + system) of the whole
 * process in ms.
 */
export function splatCoverageMillis(
  dir: string,
  sdfDir: string,
  tx: SplatSite,
  rxHeight: number,
  radiusKm: number,
  radio: SplatRadio,
): { wall: number; cpu: number } {
  writeRadio(dir, tx, radio);
  const txFile = writeSite(dir, tx);
  const cpuBefore = childrenCpuMillis();
  const start = performance.now();
  execFileSync(
    'splat',
    [
      '-t',
      txFile,
      '-L',
      String(rxHeight),
      '-R',
      String(radiusKm),
      '-olditm',
      '-metric',
      '-d',
      sdfDir,
      '-N',
      '-ngs',
      '-o',
      join(dir, 'coverage.ppm'),
    ],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  return { wall: performance.now() - start, cpu: childrenCpuMillis() - cpuBefore };
}

/**
 * CPU time of this process's waited-for children so far, ms: cutime + cstime of /proc/self/stat
 * (fields 16 and 17, in clock ticks of 1/100 s on Linux).
 */
function childrenCpuMillis(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): cutime is field 16, cstime field 17.
  return (Number(fields[13]) + Number(fields[14])) * 10;
}
