// The tiles an analysis cannot run without (issue 20: a survey near the prepared edge): a route's
// waypoint tiles, a survey's or an evaluation's area tiles, nothing for the radius tools.
import * as assert from 'uvu/assert';
import { test } from 'uvu';
import { analysisRequiredTiles } from '../../../domain/analysis-job/analysis-required-tiles.ts';
import { analysisFootprint } from '../../../domain/analysis-job/analysis-footprint.ts';
import type { LandingZonesParameters } from '../../../domain/analysis-job/analysis-parameters.ts';

// Work tile x 2335 (zoom 12) starts at 25.224609375° E; this area's west edge is ~10 m inside it.
const WEST = 25.2248;
const area = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [WEST, 60.516],
      [25.2298, 60.516],
      [25.2298, 60.519],
      [WEST, 60.519],
      [WEST, 60.516],
    ] as [number, number][],
  ],
};
const survey: LandingZonesParameters = {
  area,
  aircraft_size: 2,
  accept_upslope: false,
  max_candidates: 5,
  max_road_distance_m: null,
  building_data: false,
} as LandingZonesParameters;

test("a survey 10 m inside a tile edge: its footprint spills into the western tile, its area's tiles don't", () => {
  const footprint = analysisFootprint('landing_zones', survey).map((t) => t.x);
  assert.equal([...new Set(footprint)].sort(), [2334, 2335]);
  const required = analysisRequiredTiles({ analysis_type: 'landing_zones', parameters: survey })!;
  assert.equal(
    required.map((t) => [t.z, t.x]),
    [[12, 2335]],
  );
});

test('a route needs its waypoint tiles; the sight and radio tools need their whole footprint', () => {
  const route = analysisRequiredTiles({
    analysis_type: 'route',
    parameters: {
      movement: 'foot',
      waypoints: [
        [WEST, 60.517],
        [25.32, 60.517],
      ],
      avoid: [],
      neighbourhood: 8,
    },
  })!;
  assert.equal(
    route.map((t) => t.x),
    [2335, 2336],
  );
  assert.is(
    analysisRequiredTiles({
      analysis_type: 'viewshed',
      parameters: { observer: { position: [WEST, 60.517], height_m: 2 }, radius_m: 5000 },
    } as never),
    null,
  );
});

test.run();
