// Land cover from the real extracts in ../shared/data/osm (skipped, and counted so, when that folder
// is absent): every pixel of every work tile over an extract equals an independent brute-force
// answer — turf's point-in-polygon at the pixel centre against every whole (unclipped) land-cover
// area of the extract, the smallest containing area winning — so tiling, clipping, projection and
// the scanline agree with the rule on real geometry (multipolygons, holes, shared edges).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bbox, booleanPointInPolygon } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { createOsmLandCoverProvider } from '../../workers/terrain/sources/vector/create-osm-land-cover-provider.ts';
import { osmPbfFeatureSource } from '../../workers/terrain/sources/vector/create-osm-pbf-provider.ts';
import { workTilesForArea } from '../../domain/terrain/work-tiles-for-area.ts';
import { pixelCenterLonLat } from '../../domain/terrain/pixel-center-lon-lat.ts';
import type { LonLatBounds } from '../../domain/terrain/types.ts';

const DATA = fileURLToPath(new URL('../../../shared/data/osm/', import.meta.url));
const SIZE = 256;

async function compare(file: string, [w, s, e, n]: LonLatBounds) {
  const path = `${DATA}${file}`;
  const areas = (await osmPbfFeatureSource('land_cover', path).load())
    .map((f) => ({
      geometry: f.geometry as Polygon | MultiPolygon,
      box: bbox(f.geometry),
      cover: f.properties.cover as number,
      area: f.properties.area_m2 as number,
    }))
    .sort((a, b) => a.area - b.area);
  const provider = createOsmLandCoverProvider(path);
  const counts = new Map<number, number>();
  let mismatches = 0;
  for (const tile of workTilesForArea({
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
  })) {
    const raster = await provider.readTile(tile);
    for (let row = 0; row < SIZE; row++) {
      const rowLat = pixelCenterLonLat(tile, 0, row)[1];
      const inRow = areas.filter(({ box }) => rowLat >= box[1] && rowLat <= box[3]);
      for (let col = 0; col < SIZE; col++) {
        const [lon, lat] = pixelCenterLonLat(tile, col, row);
        const hit = inRow.find(
          ({ box, geometry }) => lon >= box[0] && lon <= box[2] && booleanPointInPolygon([lon, lat], geometry),
        );
        const value = raster.data[row * SIZE + col];
        if (value !== (hit?.cover ?? 0)) mismatches += 1;
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
    }
  }
  return { areas: areas.length, counts, mismatches };
}

if (existsSync(DATA)) {
  test('Kouvola: every pixel equals the brute-force rule; farmland, forest and built-up are mapped', async () => {
    const { areas, counts, mismatches } = await compare('finland-kouvola-test.osm.pbf', [26.9, 60.5, 27.0, 60.56]);
    assert.is(mismatches, 0);
    assert.ok(areas > 100, `${areas} areas`);
    for (const cls of [10, 40, 50]) assert.ok((counts.get(cls) ?? 0) > 100, `class ${cls}: ${counts.get(cls)}`);
  });

  test('Helsinki centre: every pixel equals the brute-force rule; built-up dominates, parks and water appear', async () => {
    const { counts, mismatches } = await compare('helsinki-center.osm.pbf', [24.92, 60.16, 24.97, 60.19]);
    assert.is(mismatches, 0);
    const mapped = [...counts].filter(([cls]) => cls !== 0).reduce((sum, [, n]) => sum + n, 0);
    assert.ok((counts.get(50) ?? 0) > mapped / 2, `built-up ${counts.get(50)} of ${mapped}`);
    assert.ok((counts.get(30) ?? 0) > 100 && (counts.get(80) ?? 0) > 0, JSON.stringify([...counts]));
  });
} else {
  test.skip('land cover from the real OSM extracts: needs ../shared/data/osm', () => {});
}

test.run();
