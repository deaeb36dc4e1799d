// The six global collections of the OGC Tiles API (service interface, "OGC Tiles"): each one's
// encoding, the display phase whose readiness decides whether a tile exists, and the dataset whose
// source fingerprint addresses its tiles in the blob store (display-tile-key.ts).
import type { PhaseId } from '../../domain/terrain-job/terrain-phases.ts';
import type { DatasetName } from '../../domain/terrain/types.ts';
import { DISPLAY_MIN_ZOOM, WORK_ZOOM } from '../../domain/terrain/work-grid.ts';
import type { DisplayCollection } from '../../domain/terrain/display-tile-key.ts';
import { MVT, PNG } from './ogc-tiles-vocabulary.ts';

export interface TileCollection {
  id: DisplayCollection;
  title: string;
  description: string;
  /**
   * OGC tileset data type. The PNG collections are "map": their tiles are RGBA images (GDAL and
   * map clients read them as such); the values they carry are decoded as described.
   */
  dataType: 'map' | 'vector';
  mediaType: typeof PNG | typeof MVT;
  /** Extensions a tile URL may end with; the first is the one advertised. */
  extensions: readonly string[];
  phase: PhaseId;
  dataset: DatasetName;
  /** Vector collections: 0 points, 1 lines, 2 polygons (TMS 2.0 geometryDimension). */
  geometryDimension?: 0 | 1 | 2;
  /** How to read a tile (the interface's "Tile encodings"). */
  encoding: string;
}

export const TILE_MIN_ZOOM = DISPLAY_MIN_ZOOM;
export const TILE_MAX_ZOOM = WORK_ZOOM;

const png = { dataType: 'map', mediaType: PNG, extensions: ['png'] } as const;
const mvt = { dataType: 'vector', mediaType: MVT, extensions: ['mvt', 'pbf'] } as const;
const mvtEncoding = (id: string) =>
  `Mapbox Vector Tile 2.1, extent 4096, one source-layer named ${id}. A 204 with X-Tile-Status: empty is a tile without features.`;

export const TILE_COLLECTIONS: readonly TileCollection[] = [
  {
    id: 'svc-native--terrain-elevation',
    title: 'Elevation',
    ...png,
    phase: 'terrain_display_tiles',
    dataset: 'elevation',
    description: 'Terrain elevation of every prepared area, as packed RGB PNG tiles.',
    encoding:
      'RGBA PNG: alpha 0 is nodata; otherwise packed = R x 65536 + G x 256 + B and meters = -10000 + packed x 0.1 ' +
      '(the Mapbox Terrain-RGB packing).',
  },
  {
    id: 'svc-native--terrain-landcover',
    title: 'Land cover',
    ...png,
    phase: 'terrain_display_tiles',
    dataset: 'land_cover',
    description: 'Land-cover categories of every prepared area, as PNG tiles.',
    encoding: 'RGBA PNG: alpha 0 is nodata; the red channel holds the raw land-cover category.',
  },
  {
    id: 'svc-native--roads',
    title: 'Roads',
    ...mvt,
    phase: 'road_display_tiles',
    dataset: 'roads',
    geometryDimension: 1,
    description: 'Road network of every prepared area; minor classes appear at higher zooms.',
    encoding: mvtEncoding('svc-native--roads'),
  },
  {
    id: 'svc-native--soil',
    title: 'Soil',
    ...mvt,
    phase: 'soil_display_tiles',
    dataset: 'soil',
    geometryDimension: 2,
    description: 'Soil polygons of every prepared area.',
    encoding: mvtEncoding('svc-native--soil'),
  },
  {
    id: 'svc-native--population',
    title: 'Population',
    ...mvt,
    phase: 'population_display_tiles',
    dataset: 'population',
    geometryDimension: 2,
    description: 'Population density cells of every prepared area that asked for population.',
    encoding: mvtEncoding('svc-native--population'),
  },
  {
    id: 'svc-native--buildings',
    title: 'Buildings',
    ...mvt,
    phase: 'buildings_display_tiles',
    dataset: 'buildings',
    geometryDimension: 2,
    description: 'Building footprints of every prepared area that asked for buildings.',
    encoding: mvtEncoding('svc-native--buildings'),
  },
];

/** The collection with this id, or null. */
export function findTileCollection(id: string): TileCollection | null {
  return TILE_COLLECTIONS.find((c) => c.id === id) ?? null;
}
