import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { footMoveSeconds } from '../../domain/terrain-analysis/foot-move-seconds.ts';
import { toblerWalkingSpeed } from '../../domain/terrain-analysis/tobler-walking-speed.ts';

const close = (actual: number, expected: number) => {
  assert.ok(Math.abs(actual - expected) < 1e-12 * expected, `${actual} ≠ ${expected}`);
};

test('Tobler: 6 km/h at the optimum −5 % grade, 5.0367 km/h on the flat', () => {
  close(toblerWalkingSpeed(-0.05), 6 / 3.6);
  close(toblerWalkingSpeed(0) * 3.6, 5.036742124615245);
  close(toblerWalkingSpeed(0.1), 0.9859256072780249);
  close(toblerWalkingSpeed(1), 0.04224900920454155);
});

test('foot moves are direction-dependent: 10 m up over 100 m takes 101.43 s, down 71.47 s', () => {
  close(footMoveSeconds(100, 110, 100), 101.4275309027455);
  close(footMoveSeconds(110, 100, 100), 71.47477299674148);
  close(footMoveSeconds(0, -1.5, 30), 18);
});

test('bad input: non-finite slopes and non-positive distances are RangeErrors', () => {
  assert.throws(() => toblerWalkingSpeed(NaN), /slope/);
  assert.throws(() => footMoveSeconds(0, 1, 0), /distance/);
  assert.throws(() => footMoveSeconds(0, NaN, 10), /slope/);
});

test.run();
