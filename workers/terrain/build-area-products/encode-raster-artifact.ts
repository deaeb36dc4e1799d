// Binary form of a work raster (gzip of a 32-byte little-endian header + the values):
//   u32 magic "TRA1" | u8 data type (1 Float32, 2 Uint8, 3 Uint16) | u8 zoom | u16 0
//   u32 x | u32 y | u32 size | u32 0 | f64 nodata | size² values
// Lossless: slope, mobility and summaries read exactly what the source gave.
import { gzipSync } from 'node:zlib';
import type { TileRaster } from '../../../domain/terrain/types.ts';

export const RASTER_ARTIFACT_MAGIC = 0x31415254; // "TRA1" little-endian
export const RASTER_HEADER_BYTES = 32;

function rasterDataType(data: TileRaster['data']): 1 | 2 | 3 {
  if (data instanceof Float32Array) return 1;
  if (data instanceof Uint8Array) return 2;
  return 3;
}

export function encodeRasterArtifact(raster: TileRaster): Uint8Array {
  const { tile, size, data, nodata } = raster;
  if (data.length !== size * size) throw new RangeError(`raster of size ${size} holds ${data.length} values`);
  const bytes = new Uint8Array(RASTER_HEADER_BYTES + data.byteLength);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, RASTER_ARTIFACT_MAGIC, true);
  view.setUint8(4, rasterDataType(data));
  view.setUint8(5, tile.z);
  view.setUint32(8, tile.x, true);
  view.setUint32(12, tile.y, true);
  view.setUint32(16, size, true);
  view.setFloat64(24, nodata, true);
  bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), RASTER_HEADER_BYTES);
  return gzipSync(bytes, { level: 1 });
}
