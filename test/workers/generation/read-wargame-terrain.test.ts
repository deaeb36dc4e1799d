// The war game's terrain from a terrain job's own artifacts, on both backends: a small map prepared
// from the synthetic default sources, then the footprint's elevation equal to the elevation artifacts,
// the mobility per movement class equal to the MCOO sheets' (readWorkTileMobility), an area outside
// the job → null; and a war game on it runs, reproducible, with no unknown mobility.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../../support/for-each-backend.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../../support/terrain-flow.ts';
import { readWargameTerrain } from '../../../workers/generation/read-wargame-terrain.ts';
import { readWorkTileMobility } from '../../../workers/generated-maps/read-frame-mobility.ts';
import { artifactKey } from '../../../workers/terrain/build-area-products/artifact-key.ts';
import { decodeRasterArtifact } from '../../../workers/terrain/build-area-products/decode-raster-artifact.ts';
import { cellOfLonLat } from '../../../domain/analysis-job/footprint-grid.ts';
import { pixelCenterLonLat } from '../../../domain/terrain/pixel-center-lon-lat.ts';
import { rasterTerrainSamplers } from '../../../domain/wargame/raster-terrain-samplers.ts';
import { adjudicateWargame } from '../../../domain/wargame/adjudicate-wargame.ts';
import type { WargameScenario } from '../../../domain/wargame/wargame-scenario.ts';

// About 4 km × 3 km south of Helsinki: two to four work tiles at zoom 12.
const AREA = [24.93, 60.15, 25.0, 60.18] as const;

forEachBackend('war game terrain from a terrain job', (test) => {
  test('elevation and mobility per class from the artifacts; outside → null; a game runs on it', async ({ svc }) => {
    const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(...AREA));
    const jobId = await requestJob(svc, mapId, boundary);
    await expectJobSuccess(svc, jobId);
    const job = await svc.service.db.knex('terrain_jobs').where({ job_id: jobId }).first();
    const state = typeof job.state === 'string' ? JSON.parse(job.state) : job.state;
    const sources = {
      elevation: state.source_providers.elevation.fingerprint,
      land_cover: state.source_providers.land_cover.fingerprint,
      roads: state.source_providers.roads.fingerprint,
    };
    const bbox: [number, number, number, number] = [24.94, 60.155, 24.99, 60.175];
    const terrain = (await readWargameTerrain(svc.service.blobStore, sources, state.work_tiles, bbox))!;
    assert.ok(terrain);
    const { grid, data } = terrain.elevation;

    // A cell inside: its elevation is the artifact's value, its mobility the MCOO sheet's.
    const [x, y] = state.work_tiles.find(
      ([tx, ty]: [number, number]) =>
        tx >= grid.tileX && ty >= grid.tileY && tx < grid.tileX + grid.tilesWide && ty < grid.tileY + grid.tilesHigh,
    ) as [number, number];
    const [col, row] = [123, 77];
    const at = pixelCenterLonLat({ z: 12, x, y }, col, row);
    const cell = cellOfLonLat(grid, at)!;
    const blob = await svc.service.blobStore.get(
      artifactKey({ dataset: 'elevation', fingerprint: sources.elevation, kind: 'raster' }, { z: 12, x, y }),
    );
    const artifact = decodeRasterArtifact(blob!);
    assert.is(data[cell.row * grid.width + cell.col], artifact.data[row * 256 + col]);
    for (const vehicle of ['foot', 'wheeled', 'tracked'] as const) {
      const tiles = await readWorkTileMobility(
        svc.service.blobStore,
        { bbox, width: 1, height: 1 },
        sources,
        state.work_tiles,
        vehicle,
      );
      assert.is(
        terrain.mobility[vehicle]![cell.row * grid.width + cell.col],
        tiles.get(`${x}/${y}`)![row * 256 + col],
        vehicle,
      );
    }

    assert.is(await readWargameTerrain(svc.service.blobStore, sources, state.work_tiles, [10, 50, 10.1, 50.1]), null);

    // A company crossing the area toward an enemy platoon: the game runs on the job's terrain.
    const scenario: WargameScenario = {
      coa: 'COA 1',
      method: 'box',
      seed: 3,
      h_hour: '2026-05-01T04:00:00Z',
      objective_nlt: '2026-05-01T05:00:00Z',
      friendly: [
        {
          id: 'a',
          name: 'A Co',
          echelon: 'company',
          role: 'main_effort',
          combat_power: 3,
          speed_class: 'wheeled',
          weapon_class: 'ifv',
          axis: [
            [24.945, 60.16],
            [24.985, 60.17],
          ],
          objective: 'OBJ SAND',
        },
      ],
      enemy: [
        {
          id: 'e',
          name: 'Enemy Plt',
          combat_power: 1,
          weapon_class: 'atgm',
          posture: 'hasty_defence',
          position: [24.985, 60.171],
          reaction: 'defend',
        },
      ],
      obstacles: [],
      chokepoints: [],
      terrain: rasterTerrainSamplers(terrain),
      combat_power_threshold: 0.7,
      decisions: { main_effort_delayed: 'commit_reserve', combat_power_low: 'commit_reserve' },
    };
    const game = adjudicateWargame(scenario);
    assert.is(
      JSON.stringify(adjudicateWargame({ ...scenario, terrain: rasterTerrainSamplers(terrain) })),
      JSON.stringify(game),
    );
    assert.ok(game.turns.length > 0);
    assert.ok(game.turns.every((t) => t.positions.every((p) => p.mgrs?.startsWith('35V'))));
  });
});
