// Decodes one layer of a Mapbox Vector Tile back to lon/lat features (@mapbox/vector-tile), as the
// pyramid does to build a parent tile from its children. An empty byte array is an empty tile.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import type { TileAddress, TileFeature } from '../../../../domain/terrain/types.ts';

export function decodeMvtTile(bytes: Uint8Array, tile: TileAddress, layerName: string): TileFeature[] {
  if (bytes.length === 0) return [];
  const layer = new VectorTile(new PbfReader(bytes)).layers[layerName];
  if (!layer) return [];
  const features: TileFeature[] = [];
  for (let i = 0; i < layer.length; i++) {
    const geojson = layer.feature(i).toGeoJSON(tile.x, tile.y, tile.z);
    features.push({ type: 'Feature', geometry: geojson.geometry, properties: { ...(geojson.properties ?? {}) } });
  }
  return features;
}
