// Vincenty against reference distances from PROJ's geod (Karney's algorithm), to the millimetre.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { geodesicDistanceMeters } from '../../workers/terrain/products/road-graph/geodesic-distance-meters.ts';

const cases: Array<[string, number, number, number, number, number]> = [
  // name, lon1, lat1, lon2, lat2, metres (geod +ellps=WGS84 -I)
  [
    'Flinders Peak to Buninyong (Vincenty 1975)',
    144.42486788888888,
    -37.95103341666667,
    143.92649552777777,
    -37.65282113888889,
    54972.271,
  ],
  ['quarter meridian', 0, 0, 0, 90, 10001965.729],
  ['Helsinki region, 12 km', 24.9, 60.1, 25.0, 60.2, 12449.397],
  ['0.001° of latitude at the equator', 0, 0, 0, 0.001, 110.574],
  ['Cape Town to London', 18.4, -33.9, -0.1, 51.5, 9631973.174],
];

for (const [name, lon1, lat1, lon2, lat2, expected] of cases) {
  test(name, () => {
    const d = geodesicDistanceMeters(lon1, lat1, lon2, lat2);
    assert.ok(Math.abs(d - expected) < 0.0015, `${d} vs ${expected}`);
    assert.ok(Math.abs(geodesicDistanceMeters(lon2, lat2, lon1, lat1) - d) < 1e-6, 'symmetric');
  });
}

test('along the equator the geodesic is the equatorial arc a·Δλ; zero for one point', () => {
  assert.ok(Math.abs(geodesicDistanceMeters(0, 0, 0.001, 0) - 6378137 * 0.001 * (Math.PI / 180)) < 1e-6);
  assert.is(geodesicDistanceMeters(12.5, 45, 12.5, 45), 0);
});

test('nearly antipodal points (no Vincenty convergence) fall back to a great circle of the right size', () => {
  const d = geodesicDistanceMeters(0, 0, 179.7, 0.5);
  assert.ok(d > 19_900_000 && d < 20_040_000, `${d}`);
});

test.run();
