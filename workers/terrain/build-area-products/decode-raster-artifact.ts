// Reads what encodeRasterArtifact wrote; a blob of another kind or a truncated one is a RangeError.
import { gunzipSync } from 'node:zlib';
import type { TileRaster } from '../../../domain/terrain/types.ts';
import { RASTER_ARTIFACT_MAGIC, RASTER_HEADER_BYTES } from './encode-raster-artifact.ts';

export function decodeRasterArtifact(blob: Uint8Array): TileRaster {
  let bytes: Uint8Array;
  try {
    bytes = gunzipSync(blob);
  } catch {
    throw new RangeError('raster artifact: not gzip data');
  }
  if (bytes.length < RASTER_HEADER_BYTES) throw new RangeError('raster artifact: too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== RASTER_ARTIFACT_MAGIC) throw new RangeError('raster artifact: bad magic');
  const type = view.getUint8(4);
  const tile = { z: view.getUint8(5), x: view.getUint32(8, true), y: view.getUint32(12, true) };
  const size = view.getUint32(16, true);
  const nodata = view.getFloat64(24, true);
  const bytesPerValue = type === 1 ? 4 : type === 2 ? 1 : type === 3 ? 2 : 0;
  if (bytesPerValue === 0) throw new RangeError(`raster artifact: unknown data type ${type}`);
  if (bytes.length !== RASTER_HEADER_BYTES + size * size * bytesPerValue)
    throw new RangeError('raster artifact: size does not match header');
  // copy into a fresh, aligned buffer
  const values = new Uint8Array(bytes.subarray(RASTER_HEADER_BYTES)).buffer; // Buffer.slice would share the pool
  const data = type === 1 ? new Float32Array(values) : type === 2 ? new Uint8Array(values) : new Uint16Array(values);
  return { tile, size, data, nodata };
}
