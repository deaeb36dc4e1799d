// Lanchester's square law solved over a period: the closed form on exact numbers, the square law's
// invariant, annihilation inside the period, one-sided fire, bad input.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lanchesterSquare } from '../../../domain/wargame/lanchester-square.ts';

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-12, `${what}: ${actual} ≠ ${expected}`);

test('lanchesterSquare: the closed form A₀cosh(kt) − √(β/α)B₀sinh(kt), B₀cosh(kt) − √(α/β)A₀sinh(kt)', () => {
  // α = 0.25, β = 0.375, k = √0.09375, t = 0.5 h, A₀ = 3, B₀ = 1.
  const k = Math.sqrt(0.25 * 0.375);
  const { a, b } = lanchesterSquare(3, 1, 0.25, 0.375, 0.5);
  close(a, 3 * Math.cosh(k * 0.5) - Math.sqrt(1.5) * 1 * Math.sinh(k * 0.5), 'A');
  close(b, 1 * Math.cosh(k * 0.5) - Math.sqrt(1 / 1.5) * 3 * Math.sinh(k * 0.5), 'B');
  // The invariant α·A² − β·B² holds, and the period composes: two quarter hours give the half hour.
  close(0.25 * a * a - 0.375 * b * b, 0.25 * 9 - 0.375, 'invariant');
  const half = lanchesterSquare(3, 1, 0.25, 0.375, 0.25);
  const whole = lanchesterSquare(half.a, half.b, 0.25, 0.375, 0.25);
  close(whole.a, a, 'composed A');
  close(whole.b, b, 'composed B');
});

test('lanchesterSquare: the weaker side annihilated within the period leaves the survivor √(invariant/α)', () => {
  const { a, b } = lanchesterSquare(3, 1, 0.25, 0.25, 100);
  assert.is(b, 0);
  close(a, Math.sqrt(8), 'survivor');
  assert.equal(lanchesterSquare(1, 1, 0.5, 0.5, 100), { a: 0, b: 0 });
  const reverse = lanchesterSquare(1, 2, 0.5, 0.5, 100);
  assert.is(reverse.a, 0);
  close(reverse.b, Math.sqrt(3), 'survivor B');
});

test('lanchesterSquare: one-sided fire is linear; nothing happens without forces or time', () => {
  assert.equal(lanchesterSquare(2, 1, 0, 0.5, 1), { a: 1.5, b: 1 });
  assert.equal(lanchesterSquare(2, 1, 0.25, 0, 1), { a: 2, b: 0.5 });
  assert.equal(lanchesterSquare(2, 1, 0.25, 0, 10), { a: 2, b: 0 });
  assert.equal(lanchesterSquare(2, 1, 0.25, 0.3, 0), { a: 2, b: 1 });
  assert.equal(lanchesterSquare(0, 1, 0.25, 0.3, 1), { a: 0, b: 1 });
});

test('lanchesterSquare: negative or non-finite input is a RangeError', () => {
  assert.throws(() => lanchesterSquare(-1, 1, 0.1, 0.1, 1), RangeError);
  assert.throws(() => lanchesterSquare(1, 1, Number.NaN, 0.1, 1), RangeError);
  assert.throws(() => lanchesterSquare(1, 1, 0.1, 0.1, Number.POSITIVE_INFINITY), RangeError);
});

test.run();
