// Face-sized rasters (width × height RGBA, row-major from the top) from values resampled onto a map's
// face: the hillshade, land cover and MCOO shading layers of the generated maps. Pure.
import { MOBILITY_NO_GO, MOBILITY_SLOW_GO } from '../terrain/mobility-config.ts';
import { WORLDCOVER } from '../terrain/mobility-config.ts';
import { MCOO_RGBA, WORLDCOVER_RGB } from './map-symbols.ts';

/**
 * Grey relief from hillshade values (0–1, NaN = none → transparent). `lightness` 0 keeps the full
 * contrast (black in full shadow); 0.6 lifts every grey 60 % of the way to white, a light base under
 * overlays.
 */
export function hillshadeRgba(shade: Float32Array, lightness = 0): Uint8Array {
  const rgba = new Uint8Array(shade.length * 4);
  for (let i = 0; i < shade.length; i++) {
    const s = shade[i]!;
    if (Number.isNaN(s)) continue;
    const grey = Math.round(255 * (s + (1 - s) * lightness));
    rgba[i * 4] = grey;
    rgba[i * 4 + 1] = grey;
    rgba[i * 4 + 2] = grey;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

/** WorldCover colours of land-cover codes (0 or an unknown code → transparent). */
export function landCoverRgba(codes: Uint8Array): Uint8Array {
  const rgba = new Uint8Array(codes.length * 4);
  for (let i = 0; i < codes.length; i++) {
    const colour = WORLDCOVER_RGB[codes[i]!];
    if (!colour) continue;
    rgba.set(colour, i * 4);
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

/** MCOO shading of mobility classes: NO-GO and SLOW-GO coloured, GO and nodata (255) transparent. */
export function mobilityRgba(classes: Uint8Array): Uint8Array {
  const rgba = new Uint8Array(classes.length * 4);
  for (let i = 0; i < classes.length; i++) {
    if (classes[i] === MOBILITY_NO_GO) rgba.set(MCOO_RGBA.noGo, i * 4);
    else if (classes[i] === MOBILITY_SLOW_GO) rgba.set(MCOO_RGBA.slowGo, i * 4);
  }
  return rgba;
}

/** The MCOO's water and built-up areas from land-cover codes; other codes transparent. */
export function obstacleCoverRgba(codes: Uint8Array): Uint8Array {
  const rgba = new Uint8Array(codes.length * 4);
  for (let i = 0; i < codes.length; i++) {
    if (codes[i] === WORLDCOVER.permanentWater) rgba.set(MCOO_RGBA.water, i * 4);
    else if (codes[i] === WORLDCOVER.builtUp) rgba.set(MCOO_RGBA.builtUp, i * 4);
  }
  return rgba;
}
