// Encodes lon/lat features as one Mapbox Vector Tile (spec 2.1, extent 4096) with a single layer:
// geojson-vt projects, clips (64-unit buffer) and simplifies for the tile's zoom; vt-pbf writes the
// protobuf. A tile with no feature is an empty byte array (stored as a fact: "empty, not missing").
import geojsonvt from 'geojson-vt';
import vtpbf from 'vt-pbf';
import type { Feature } from 'geojson';
import type { TileAddress, TileFeature } from '../../../../domain/terrain/types.ts';

export const MVT_EXTENT = 4096;

/** MVT can carry strings, numbers and booleans; anything else would be JSON text, so it is dropped. */
function mvtProperties(properties: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value))
    )
      out[key] = value;
  }
  return out;
}

export function encodeMvtTile(layerName: string, features: readonly TileFeature[], tile: TileAddress): Uint8Array {
  if (features.length === 0) return new Uint8Array(0);
  // MVT ids are unsigned integers: keep such ids, drop string ids (they stay in the artifacts).
  const input: Feature[] = features.map((f) => ({
    type: 'Feature',
    ...(Number.isSafeInteger(f.id) && (f.id as number) >= 0 ? { id: f.id } : {}),
    geometry: f.geometry,
    properties: mvtProperties(f.properties),
  }));
  const index = new geojsonvt(
    { type: 'FeatureCollection', features: input },
    {
      maxZoom: tile.z,
      indexMaxZoom: 0, // slice only along the path to the requested tile
      extent: MVT_EXTENT,
      buffer: 64,
      tolerance: 3,
    },
  );
  const sliced = index.getTile(tile.z, tile.x, tile.y);
  if (!sliced || sliced.features.length === 0) return new Uint8Array(0);
  return new Uint8Array(vtpbf.fromGeojsonVt({ [layerName]: sliced }, { version: 2, extent: MVT_EXTENT }));
}
