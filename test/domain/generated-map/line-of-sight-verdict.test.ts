import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lineOfSightVerdict } from '../../../domain/generated-map/line-of-sight-verdict.ts';

// Observer and target 2 km apart on 100 m ground, both 2 m up; the sight ray runs at 102 m, lowered at
// the target by the curvature drop 2000² / (2 · 4/3 · 6378137) = 0.235 m, so at 1 km it is 101.882 m.
const result = (visible: boolean, middle: number) => ({
  visible,
  ground_distance_m: 2000,
  refraction_k: 4 / 3,
  observer: { ground_elevation_m: 100, height_m: 2 },
  target: { ground_elevation_m: 100, height_m: 2 },
  profile: [0, 500, 1000, 1500, 2000].map((distance_m) => ({
    distance_m,
    ground_elevation_m: distance_m === 1000 ? middle : 100,
  })),
});

test('visible: "Visible over <distance>"', () => {
  assert.is(lineOfSightVerdict(result(true, 100)), 'Visible over 2 km');
});

test('blocked: at the first profile point whose ground, less the curvature drop, rises above the ray', () => {
  assert.is(lineOfSightVerdict(result(false, 150)), 'Blocked at 1 km of 2 km');
  // 102.0 m less its drop at 1 km (0.059 m) is 101.941 m, above the ray's 101.882 m.
  assert.is(lineOfSightVerdict(result(false, 102)), 'Blocked at 1 km of 2 km');
  // 101.9 m less 0.059 m is 101.841 m, under the ray: the profile shows no obstruction.
  assert.is(lineOfSightVerdict(result(false, 101.9)), 'Blocked over 2 km');
});

test('no verdict without a result', () => {
  assert.is(lineOfSightVerdict(null), null);
  assert.is(lineOfSightVerdict({ ground_distance_m: 5 }), null);
});

test.run();
