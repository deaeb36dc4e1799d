import { PNG } from 'pngjs';

/** Decodes a square PNG tile to RGBA pixels (any PNG colour type is expanded to RGBA). */
export function readRgbaPng(png: Uint8Array): { size: number; rgba: Uint8Array } {
  const image = PNG.sync.read(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  if (image.width !== image.height) throw new RangeError(`tile PNG is ${image.width}x${image.height}, not square`);
  return { size: image.width, rgba: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
}
