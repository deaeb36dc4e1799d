// Which pixels of a tile have their centre inside an area polygon (1) or not (0). Pixel centres
// of a mercator tile share one latitude per row, so each row is a scanline: the longitudes where
// the row crosses the area's edges, sorted, bound the inside runs (even-odd, holes honoured).
import type { Position } from 'geojson';
import { pixelCenterLonLat } from '../../../../domain/terrain/pixel-center-lon-lat.ts';
import type { TileAddress } from '../../../../domain/terrain/types.ts';

export function pixelMaskInArea(tile: TileAddress, size: number, rings: readonly Position[][]): Uint8Array {
  const mask = new Uint8Array(size * size);
  const lons = Float64Array.from({ length: size }, (_, col) => pixelCenterLonLat(tile, col, 0, size)[0]);
  for (let row = 0; row < size; row++) {
    const lat = pixelCenterLonLat(tile, 0, row, size)[1];
    const crossings: number[] = [];
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > lat !== yj > lat) crossings.push(xi + ((lat - yi) * (xj - xi)) / (yj - yi));
      }
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // a centre exactly on the left crossing is inside, as pointInRings decides (lon < x flips)
      for (let col = 0; col < size; col++)
        if (lons[col] >= crossings[k] && lons[col] < crossings[k + 1]) mask[row * size + col] = 1;
    }
  }
  return mask;
}
