// Draws a MapComposition as a PNG with sharp (libvips; its SVG loader is librsvg, text through Pango
// and fontconfig with DejaVu Sans). sharp is maintained, already a dependency, needs no browser or
// canvas build, and composites raw RGBA and SVG in one pipeline; the drawing itself (grid, vectors,
// marginalia) is pure SVG text built in domain/cartography/, so it is tested without rendering.
import sharp, { type OverlayOptions } from 'sharp';
import type { MapComposition, PixelLayer } from '../../../domain/cartography/map-composition.ts';
import { mapLayout } from '../../../domain/cartography/map-layout.ts';
import { mapOverlaySvg } from '../../../domain/cartography/map-overlay-svg.ts';
import { vectorLayerSvg } from '../../../domain/cartography/vector-layer-svg.ts';

/**
 * The map sheet as an 8-bit RGB PNG: white paper; the face (frame.width × frame.height, top-left at
 * mapLayout(composition).face, i.e. (56, 64)) with the layers composited in order — pixel layers
 * with their opacity, vector layers as SVG — then the grid, neatline and marginalia (mapOverlaySvg).
 * The size is mapLayout(composition).width × height. The same composition gives the same bytes:
 * no timestamps or metadata are written, and every number in the SVG is rounded to 0.01 px.
 */
export async function renderMapPng(composition: MapComposition): Promise<Buffer> {
  const { frame } = composition;
  if (!(Number.isInteger(frame.width) && Number.isInteger(frame.height) && frame.width > 0 && frame.height > 0)) {
    throw new RangeError(`map frame size must be positive whole pixels, got ${frame.width} × ${frame.height}`);
  }
  const [west, south, east, north] = frame.bbox;
  if (!(west < east && south < north && west >= -180 && east <= 180 && south >= -85.06 && north <= 85.06)) {
    throw new RangeError(
      `map frame bbox ${JSON.stringify(frame.bbox)} is not a west < east, south < north box` +
        ' inside the Web Mercator square',
    );
  }
  const layout = mapLayout(composition);
  const overlays: OverlayOptions[] = composition.layers.map((layer, i) =>
    layer.kind === 'pixels'
      ? {
          input: withOpacity(layer, frame.width * frame.height, i),
          raw: { width: frame.width, height: frame.height, channels: 4 },
          left: layout.face.x,
          top: layout.face.y,
        }
      : { input: Buffer.from(vectorLayerSvg(frame, layer)), left: layout.face.x, top: layout.face.y },
  );
  overlays.push({ input: Buffer.from(mapOverlaySvg(composition)), left: 0, top: 0 });
  const sheet = await sharp({
    create: { width: layout.width, height: layout.height, channels: 4, background: PAPER },
  })
    .composite(overlays)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(sheet.data, { raw: { width: sheet.info.width, height: sheet.info.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

const PAPER = { r: 255, g: 255, b: 255, alpha: 1 };

/** The layer's pixels with its opacity multiplied into their alpha. */
function withOpacity(layer: PixelLayer, pixels: number, index: number): Buffer {
  if (layer.rgba.length !== pixels * 4) {
    throw new RangeError(`pixel layer ${index} has ${layer.rgba.length} bytes, the frame needs ${pixels * 4}`);
  }
  const opacity = Math.max(0, Math.min(1, layer.opacity));
  const out = Buffer.from(layer.rgba);
  if (opacity < 1) for (let i = 3; i < out.length; i += 4) out[i] = Math.round(out[i]! * opacity);
  return out;
}
