// The seeded generator: the same seed gives the same sequence, another seed another, values in [0, 1).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom } from '../../../domain/wargame/seeded-random.ts';

test('seededRandom: reproducible by seed, different across seeds, within [0, 1)', () => {
  const draw = (seed: number) => {
    const random = seededRandom(seed);
    return Array.from({ length: 1000 }, () => random());
  };
  assert.equal(draw(42), draw(42));
  assert.not.equal(draw(42), draw(43));
  const values = draw(7);
  assert.ok(values.every((v) => v >= 0 && v < 1));
  // Roughly uniform: each tenth of the interval holds between 5 % and 15 % of a thousand draws.
  for (let d = 0; d < 10; d++) {
    const share = values.filter((v) => v >= d / 10 && v < (d + 1) / 10).length / 1000;
    assert.ok(share > 0.05 && share < 0.15, `decile ${d}: ${share}`);
  }
});

test.run();
