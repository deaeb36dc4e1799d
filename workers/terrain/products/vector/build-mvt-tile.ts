// One display tile of a vector collection, from what the level below provides:
// - at the work zoom, from the work tile's artifact (features, or a population raster → cells);
// - above it, from the four child tiles already built: decoded, merged, generalised for the zoom
//   (generaliseFeatures; population cells re-aggregated) and encoded again — never from the source.
import { childTiles } from '../../../../domain/terrain/child-tiles.ts';
import { pixelCenterLonLat } from '../../../../domain/terrain/pixel-center-lon-lat.ts';
import type { TileAddress, TileFeature, TileFeatures, TileRaster } from '../../../../domain/terrain/types.ts';
import { decodeMvtTile } from './decode-mvt-tile.ts';
import { encodeMvtTile } from './encode-mvt-tile.ts';
import { generaliseFeatures } from './generalise-features.ts';
import { populationCells, type PopulationContribution } from './population-cells.ts';
import { VECTOR_COLLECTIONS, type VectorDataset } from './vector-collections.ts';

export type MvtTileInput =
  | { kind: 'features'; collection: TileFeatures }
  | { kind: 'raster'; raster: TileRaster }
  | { kind: 'children'; children: ReadonlyArray<Uint8Array | null> };

function* pixelContributions(raster: TileRaster): Generator<PopulationContribution> {
  const { size, data, tile } = raster;
  const lons = Array.from({ length: size }, (_, col) => pixelCenterLonLat(tile, col, 0, size)[0]);
  for (let row = 0; row < size; row++) {
    const lat = pixelCenterLonLat(tile, 0, row, size)[1];
    for (let col = 0; col < size; col++) yield [lons[col], lat, data[row * size + col]];
  }
}

function* cellContributions(cells: readonly TileFeature[]): Generator<PopulationContribution> {
  for (const cell of cells) {
    const ring = (cell.geometry as { coordinates: number[][][] }).coordinates[0];
    let w = Infinity,
      s = Infinity,
      e = -Infinity,
      n = -Infinity;
    for (const [lon, lat] of ring) {
      w = Math.min(w, lon);
      e = Math.max(e, lon);
      s = Math.min(s, lat);
      n = Math.max(n, lat);
    }
    yield [(w + e) / 2, (s + n) / 2, Number(cell.properties.population)];
  }
}

export function buildMvtTile(dataset: VectorDataset, tile: TileAddress, input: MvtTileInput): Uint8Array {
  const layer = VECTOR_COLLECTIONS[dataset];
  let features: TileFeature[];
  if (input.kind === 'raster') {
    if (dataset !== 'population') throw new TypeError(`a ${dataset} raster has no vector tile form`);
    features = populationCells(tile, pixelContributions(input.raster));
  } else if (input.kind === 'features') {
    features = input.collection.features;
  } else {
    const children = childTiles(tile);
    if (input.children.length !== 4)
      throw new RangeError('a parent tile needs its four children (null for a missing one)');
    const merged = input.children.flatMap((bytes, k) => (bytes ? decodeMvtTile(bytes, children[k], layer) : []));
    features =
      dataset === 'population' && merged.every((f) => f.geometry.type === 'Polygon' && 'density' in f.properties)
        ? populationCells(tile, cellContributions(merged))
        : generaliseFeatures(dataset, merged, tile.z);
  }
  return encodeMvtTile(layer, features, tile);
}
