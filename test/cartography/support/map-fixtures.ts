// Frames and compositions shared by the cartography and map-rendering tests.
import * as mgrsModule from 'mgrs';
import proj4 from 'proj4';
import { lonLatOfFramePixel } from '../../../domain/cartography/lon-lat-of-frame-pixel.ts';
import { lonLatToMercator } from '../../../domain/terrain/lon-lat-to-mercator.ts';
import { mercatorToLonLat } from '../../../domain/terrain/mercator-to-lon-lat.ts';
import type { MapComposition, MapFrame } from '../../../domain/cartography/map-composition.ts';

/** mgrs is a UMD bundle: under Node ESM its functions sit on `.default`. */
export const mgrs = (mgrsModule as unknown as { default?: typeof mgrsModule }).default ?? mgrsModule;

/** A frame of width × height pixels centred on (lon, lat), `mercatorPerPixel` Web Mercator metres per pixel. */
export function frameAround(
  lon: number,
  lat: number,
  width: number,
  height: number,
  mercatorPerPixel: number,
): MapFrame {
  const [cx, cy] = lonLatToMercator(lon, lat);
  const [west, north] = mercatorToLonLat(cx - (width / 2) * mercatorPerPixel, cy + (height / 2) * mercatorPerPixel);
  const [east, south] = mercatorToLonLat(cx + (width / 2) * mercatorPerPixel, cy - (height / 2) * mercatorPerPixel);
  return { bbox: [west, south, east, north], width, height };
}

/** 600 × 400 pixels east of Zagreb (zone 33T), about 12.9 m per pixel on the ground: a 1 km grid. */
export const ZAGREB_FRAME = frameAround(15.95, 45.775, 600, 400, 18.5);

/**
 * MGRS reference of a point as the grid labels print it, computed by the `mgrs` package only:
 * [grid zone designation, square letters, easting digits, northing digits] at `digits` precision.
 */
export function mgrsParts(lon: number, lat: number, digits: number): [string, string, string, string] {
  const reference = mgrs.forward([lon, lat], digits);
  const match = /^(\d{1,2}[C-X])([A-Z]{2})(\d*)$/.exec(reference);
  if (!match) throw new Error(`unexpected MGRS reference ${reference}`);
  const numbers = match[3]!;
  return [match[1]!, match[2]!, numbers.slice(0, numbers.length / 2), numbers.slice(numbers.length / 2)];
}

/** A known colour block of a pixel layer: face pixels [x0, x1) × [y0, y1). */
export const BLOCK = { x0: 100, x1: 160, y0: 60, y1: 120, rgba: [0, 160, 0, 255] as const };
/** A half-opaque pure blue square drawn with opacity 0.5 over white. */
export const HALF_BLUE = { x0: 470, x1: 530, y0: 320, y1: 380 };

/**
 * The test sheet: ZAGREB_FRAME with a pixel layer holding a green block, a second pixel layer with a
 * blue square at opacity 0.5, a magenta polygon (inner lon/lat box), a 4 px blue road along one
 * latitude, a labelled point, a 1 km grid, and marginalia text that needs escaping.
 */
export function testComposition(overrides: Partial<MapComposition> = {}): MapComposition {
  const { width, height } = ZAGREB_FRAME;
  const block = new Uint8Array(width * height * 4);
  const blue = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (x >= BLOCK.x0 && x < BLOCK.x1 && y >= BLOCK.y0 && y < BLOCK.y1) block.set(BLOCK.rgba, i);
      if (x >= HALF_BLUE.x0 && x < HALF_BLUE.x1 && y >= HALF_BLUE.y0 && y < HALF_BLUE.y1) blue.set([0, 0, 255, 255], i);
    }
  }
  return {
    frame: ZAGREB_FRAME,
    layers: [
      { kind: 'pixels', rgba: block, opacity: 1 },
      { kind: 'pixels', rgba: blue, opacity: 0.5 },
      {
        kind: 'vector',
        style: { stroke: '#000000', strokeWidth: 2, fill: '#ff00ff', fillOpacity: 1, labelProperty: 'name' },
        features: [
          {
            type: 'Feature',
            properties: { name: 'AO <KESTREL>' },
            geometry: { type: 'Polygon', coordinates: [POLYGON_RING] },
          },
        ],
      },
      {
        kind: 'vector',
        style: { stroke: '#0000ff', strokeWidth: 4 },
        features: [
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'LineString',
              coordinates: [
                [15.92, ROAD_LAT],
                [15.99, ROAD_LAT],
              ],
            },
          },
        ],
      },
      {
        kind: 'vector',
        style: { fill: '#000000', pointRadius: 5, labelProperty: 'name' },
        features: [
          { type: 'Feature', properties: { name: 'OBJ 1' }, geometry: { type: 'Point', coordinates: [15.93, 45.78] } },
        ],
      },
    ],
    title: {
      title: 'MCOO — wheeled vehicles',
      operation: 'Op <Kestrel> & "Friends"',
      map: 'Zagreb east',
      date_time_group: '231405ZNOV26',
      sources: ['Copernicus DEM GLO-30 (synthetic), 30 m', 'ESA WorldCover 10 m (synthetic)'],
      synthetic: true,
    },
    legend: [
      { label: 'NO-GO', symbol: 'fill', colour: '#ff00ff' },
      { label: 'Road', symbol: 'line', colour: '#0000ff' },
      { label: 'Objective', symbol: 'point', colour: '#000000' },
    ],
    gridSpacingMeters: 1000,
    ...overrides,
  };
}

/** The polygon of testComposition: a lon/lat box in the face's upper middle. */
export const POLYGON_RING = [
  [15.955, 45.785],
  [15.975, 45.785],
  [15.975, 45.795],
  [15.955, 45.795],
  [15.955, 45.785],
];
/** The latitude of the test road. */
export const ROAD_LAT = 45.765;

/**
 * The MGRS label a grid line should carry where it meets the neatline at face pixel (x, y), from the
 * `mgrs` package and proj4 alone: the point a quarter spacing past the line (MGRS truncates, so its
 * digits are the line's) and a metre into the face. null where MGRS itself is in another zone there.
 */
export function independentGridLabel(
  frame: MapFrame,
  grid: { zone: number | null; spacingMeters: number; digits: number },
  line: { axis: 'easting' | 'northing'; value: number },
  [x, y]: [number, number],
  inward: 1 | -1,
): string | null {
  const utm = `+proj=utm +zone=${grid.zone} +datum=WGS84 +units=m`;
  const [e, n] = proj4('WGS84', utm, lonLatOfFramePixel(frame, x, y)) as [number, number];
  const [lon, lat] = proj4(
    utm,
    'WGS84',
    line.axis === 'easting'
      ? [line.value + grid.spacingMeters / 4, n + inward]
      : [e + inward, line.value + grid.spacingMeters / 4],
  );
  const [designator, letters, eastingDigits, northingDigits] = mgrsParts(lon!, lat!, grid.digits);
  if (designator.slice(0, -1) !== String(grid.zone)) return null;
  const digits = line.axis === 'easting' ? eastingDigits : northingDigits;
  return digits ? `${letters} ${digits}` : letters;
}
