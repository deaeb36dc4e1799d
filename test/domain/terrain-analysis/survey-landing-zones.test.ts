import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  surveyLandingZones,
  type AircraftSize,
  type LandingSurveyInputs,
} from '../../../domain/terrain-analysis/survey-landing-zones.ts';
import { MOBILITY_GO, MOBILITY_NO_GO, WORLDCOVER } from '../../../domain/terrain/mobility-config.ts';

// 30 x 30 cells of 10 m: flat GO grassland unless a test changes it; the whole grid is the area.
function field(elevation: (col: number, row: number) => number = () => 100): LandingSurveyInputs {
  const n = 900;
  return {
    dem: {
      width: 30,
      height: 30,
      cellWidth: 10,
      cellHeight: 10,
      data: Float64Array.from({ length: n }, (_, i) => elevation(i % 30, Math.floor(i / 30))),
    },
    landCover: new Uint8Array(n).fill(WORLDCOVER.grassland),
    mobility: new Uint8Array(n).fill(MOBILITY_GO),
    buildingHeight: new Float32Array(n),
    area: new Uint8Array(n).fill(1),
  };
}
const at = (candidates: ReturnType<typeof surveyLandingZones>, col: number, row: number) => {
  const found = candidates.find((c) => c.center.col === col && c.center.row === row);
  assert.ok(found, `a candidate at ${col}, ${row}`);
  return found;
};

test('flat grassland, size 1 (25 m): a 3-cell grid of 100 points, all suitable, ranked north-west first', () => {
  const zones = surveyLandingZones(field(), 1, { maxCandidates: 500 });
  assert.is(zones.length, 100);
  assert.ok(zones.every((z) => z.suitable));
  assert.equal(zones[0].center, { col: 1, row: 1 });
  assert.is(zones[0].rank, 1);
  assert.is(zones[0].diameter, 25);
  assert.is(zones[0].slope.degrees, 0);
  assert.is(zones[0].slope.landingClass, 'land');
  assert.is(zones[0].surface.cellCount, 9, 'a 25 m disc touches 3 x 3 cells of 10 m');
  assert.is(zones[0].surface.reason, 'landable cover only (WorldCover 30)');
  assert.is(zones[0].clearance.reason, 'no building within 500 m of the point');
  assert.is(zones[0].road, null);
  // The outline: 32 sides of radius 1.25 pixels around the centre (1.5, 1.5), closed.
  assert.is(zones[0].ring.length, 33);
  assert.equal(zones[0].ring[0], [2.75, 1.5]);
  assert.equal(zones[0].ring[32], zones[0].ring[0]);
  assert.ok(Math.abs(zones[0].ring[8][1] - 0.25) < 1e-12, 'a quarter turn is north (smaller row)');
  assert.is(surveyLandingZones(field(), 1).length, 50, 'maxCandidates defaults to 50');
});

test('size 2 (35 m) on 17 m cells: slope of the 3 x 3 least-squares plane, diagonals included', () => {
  // The 35 m disc holds 5 cell centres (< 9), so the plane is fitted on the 3 x 3 block. A 6 m bump
  // north-east of the candidate at (3, 3): a = b = 17·6 / (6·17²) = 1/17, slope atan(√2 / 17) = 4.7554°
  // (a 5-cell cross, diagonals left out, would report 0°).
  const inputs = field();
  inputs.dem = { ...inputs.dem, cellWidth: 17, cellHeight: 17 };
  (inputs.dem.data as Float64Array)[2 * 30 + 4] = 106;
  const zone = at(surveyLandingZones(inputs, 2, { maxCandidates: 500 }), 3, 3);
  assert.is(zone.slope.cellCount, 9);
  const expected = (Math.atan(Math.SQRT2 / 17) * 180) / Math.PI;
  assert.ok(Math.abs(zone.slope.degrees! - expected) < 1e-12, `${zone.slope.degrees}`);
  assert.ok(Math.abs(zone.slope.maxResidual! - 10 / 3) < 1e-12, `${zone.slope.maxResidual}`);
  assert.is(zone.slope.reason, '4.8° ≤ 7°: the aircraft can land');
});

test('slope: a 10 % plane is atan(0.1) = 5.71° (land); 20 % is 11.31°, upslope or hover only', () => {
  const gentle = surveyLandingZones(
    field((col) => col),
    2,
  )[0];
  assert.ok(Math.abs(gentle.slope.degrees! - (Math.atan(0.1) * 180) / Math.PI) < 1e-9);
  assert.is(gentle.slope.reason, '5.7° ≤ 7°: the aircraft can land');
  assert.ok(gentle.suitable);
  const steep = surveyLandingZones(
    field((col, row) => 2 * row),
    2,
  )[0];
  assert.ok(Math.abs(steep.slope.degrees! - (Math.atan(0.2) * 180) / Math.PI) < 1e-9);
  assert.is(steep.slope.landingClass, 'upslope_or_hover');
  assert.is(steep.slope.pass, false);
  assert.is(steep.suitable, false);
  assert.is(steep.slope.reason, '11.3° in 7–15°: upslope landing or hover only');
  assert.ok(
    surveyLandingZones(
      field((col, row) => 2 * row),
      2,
      { acceptUpslope: true },
    )[0].suitable,
  );
});

test('surface: a tree cell or a water cell on the point fails it, with the count and the class named', () => {
  const inputs = field();
  inputs.landCover[4 * 30 + 5] = WORLDCOVER.treeCover; // touched by the point centred at (4, 4)
  inputs.landCover[10 * 30 + 10] = WORLDCOVER.permanentWater;
  const zones = surveyLandingZones(inputs, 1, { maxCandidates: 500 });
  const wooded = at(zones, 4, 4);
  assert.is(wooded.surface.pass, false);
  assert.is(wooded.surface.reason, '1 of 9 cells are treeCover (10)');
  assert.equal(wooded.surface.landCover, [10, 30]);
  assert.is(at(zones, 10, 10).surface.reason, '1 of 9 cells are permanentWater (80)');
  assert.is(zones[zones.length - 1].suitable, false, 'unsuitable candidates rank last');
  assert.is(zones.filter((z) => !z.suitable).length, 2);
  inputs.landCover[22 * 30 + 22] = 0; // nodata: not a WorldCover class, the surface is unknown
  assert.is(
    at(surveyLandingZones(inputs, 1, { maxCandidates: 500 }), 22, 22).surface.reason,
    '1 of 9 cells are unknown cover (0)',
  );
});

test('buildings: 5 m on the point fails it; 55 m from the centre (42.5 m from the edge) is 8.5:1 < 10:1', () => {
  const inputs = field();
  inputs.buildingHeight![4 * 30 + 10] = 5;
  const zones = surveyLandingZones(inputs, 1, { maxCandidates: 500 });
  const onTop = at(zones, 10, 4);
  assert.is(onTop.obstacles.pass, false);
  assert.is(onTop.obstacles.reason, 'a 5.0 m building on the point (limit 0.46 m)');
  const near = at(zones, 4, 4);
  assert.is(near.obstacles.pass, true);
  assert.is(near.clearance.worstDistance, 42.5);
  assert.is(near.clearance.worstRatio, 8.5);
  assert.is(near.clearance.pass, false);
  assert.is(near.clearance.reason, 'worst obstacle 5.0 m high 43 m from the edge: 8.5:1 < 10:1');
  const far = at(zones, 1, 4);
  assert.is(far.clearance.worstRatio, 14.5); // (90 − 5 − 12.5) / 5
  assert.is(far.clearance.pass, true);
  // Lower ground under the building lowers its rise over the point: 5 m on ground 2 m lower is 3 m.
  inputs.dem.data[4 * 30 + 10] = 98;
  assert.is(at(surveyLandingZones(inputs, 1, { maxCandidates: 500 }), 4, 4).clearance.worstRatio, 42.5 / 3);
});

test('a candidate touching a NO-GO cell is never returned', () => {
  const inputs = field();
  inputs.mobility[5 * 30 + 5] = MOBILITY_NO_GO;
  const zones = surveyLandingZones(inputs, 1, { maxCandidates: 500 });
  assert.is(zones.length, 99, 'only the point centred at (4, 4) touches (5, 5)');
  for (const z of zones) {
    assert.ok(Math.abs(z.center.col - 5) > 1 || Math.abs(z.center.row - 5) > 1, `${z.center.col}, ${z.center.row}`);
  }
});

test('road distance: 10 m from a road passes 100 m; 280 m fails; a square point of size 3 (50 m)', () => {
  const inputs = field();
  inputs.roads = new Uint8Array(900);
  for (let row = 0; row < 30; row++) inputs.roads[row * 30 + 29] = 1;
  const zones = surveyLandingZones(inputs, 1, { maxRoadDistance: 100, maxCandidates: 500 });
  assert.equal(at(zones, 28, 1).road, { pass: true, distance: 10, reason: 'road 10 m away (limit 100 m)' });
  assert.equal(at(zones, 1, 1).road, { pass: false, distance: null, reason: 'no road within 100 m' });
  assert.equal(zones[0].center, { col: 28, row: 1 }, 'nearest road first among equals');
  const square = surveyLandingZones(inputs, 3, { shape: 'square' })[0];
  assert.is(square.diameter, 50);
  assert.equal(square.center, { col: 2, row: 2 });
  assert.equal(square.ring, [
    [0, 5],
    [5, 5],
    [5, 0],
    [0, 0],
    [0, 5],
  ]);
  assert.is(square.surface.cellCount, 25);
});

test('the area restricts the centres; bad input is a RangeError naming the field', () => {
  const inputs = field();
  inputs.area = new Uint8Array(900);
  for (let row = 10; row < 15; row++) for (let col = 10; col < 15; col++) inputs.area[row * 30 + col] = 1;
  const zones = surveyLandingZones(inputs, 1, { spacing: 10 });
  assert.is(zones.length, 25);
  assert.ok(zones.every((z) => z.center.col >= 10 && z.center.col < 15));
  assert.throws(() => surveyLandingZones(inputs, 8 as AircraftSize), /aircraft size must be 1–7, got 8/);
  assert.throws(() => surveyLandingZones(inputs, 1, { maxRoadDistance: 50 }), /needs the roads raster/);
  assert.throws(() => surveyLandingZones({ ...inputs, landCover: new Uint8Array(3) }, 1), /landCover holds 3/);
  assert.throws(() => surveyLandingZones(inputs, 1, { spacing: 0 }), /spacing must be positive/);
});

test.run();
