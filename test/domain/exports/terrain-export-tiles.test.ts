// Which tiles a terrain package holds and how MBTiles describes them: every zoom's tiles touched
// by the areas (overlaps counted once), TMS rows, bounds from the deepest zoom, and the conflicts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  decideTerrainExportTiles,
  MAX_TERRAIN_EXPORT_TILES,
  mbtilesMetadata,
  mbtilesRow,
  terrainExportTiles,
} from '../../../domain/exports/terrain-export-tiles.ts';
import { tileBounds } from '../../../domain/terrain/tile-bounds.ts';
import { DomainError } from '../../../domain/shared/domain-error.ts';
import type { AreaPolygon } from '../../../domain/terrain/types.ts';

// Exactly tile 12/2330/1190 and its east neighbour (tile edges, so no other tile is touched).
const [w, s, , n] = tileBounds({ z: 12, x: 2330, y: 1190 });
const [, , e] = tileBounds({ z: 12, x: 2331, y: 1190 });
const twoTiles: AreaPolygon = {
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
};

test('tiles of every zoom, lowest first; an area given twice counts once', () => {
  const tiles = terrainExportTiles([twoTiles, twoTiles], 10, 12);
  assert.equal(tiles, [
    { z: 10, x: 582, y: 297 },
    { z: 11, x: 1165, y: 595 },
    { z: 12, x: 2330, y: 1190 },
    { z: 12, x: 2331, y: 1190 },
  ]);
});

test('MBTiles rows count from the south', () => {
  assert.is(mbtilesRow({ z: 12, x: 2330, y: 1190 }), 4095 - 1190);
  assert.is(mbtilesRow({ z: 0, x: 0, y: 0 }), 0);
});

test('metadata: bounds of the deepest zoom, centre at the lowest, vector layers for pbf', () => {
  const tiles = terrainExportTiles([twoTiles], 11, 12);
  const png = mbtilesMetadata(tiles, { name: 'T', format: 'png', description: 'd', attribution: 'a' });
  assert.equal(png.bounds.split(',').map(Number), [w, s, e, n]);
  assert.equal(png.center.split(',').map(Number), [(w + e) / 2, (s + n) / 2, 11]);
  assert.is(png.minzoom, '11');
  assert.is(png.maxzoom, '12');
  assert.is(png.json, undefined);
  const pbf = mbtilesMetadata(tiles, {
    name: 'R',
    format: 'pbf',
    description: 'd',
    attribution: 'a',
    vectorLayer: 'r',
  });
  assert.equal(JSON.parse(pbf.json!).vector_layers, [{ id: 'r', fields: {}, minzoom: 11, maxzoom: 12 }]);
});

test('no area of operations, or too many tiles, is a conflict that says which', () => {
  const refused = (areas: AreaPolygon[]) => {
    try {
      decideTerrainExportTiles(areas, 8, 12);
    } catch (error) {
      assert.instance(error, DomainError);
      return (error as DomainError).kind + ': ' + (error as Error).message;
    }
    return 'accepted';
  };
  assert.match(refused([]), /^conflict: The operation has no area of operations/);
  const wide: AreaPolygon = {
    type: 'Polygon',
    coordinates: [
      [
        [10, 50],
        [16, 50],
        [16, 54],
        [10, 54],
        [10, 50],
      ],
    ],
  };
  assert.match(refused([wide]), new RegExp(`at most ${MAX_TERRAIN_EXPORT_TILES}$`));
  assert.is(refused([twoTiles]), 'accepted');
});

test.run();
