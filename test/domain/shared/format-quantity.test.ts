// The one rule for numbers shown to a person (domain/shared/format-quantity.ts and
// format-quantity-range.ts), on exact strings.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatQuantity, type QuantityKind } from '../../../domain/shared/format-quantity.ts';
import { formatQuantityRange } from '../../../domain/shared/format-quantity-range.ts';

const cases: Array<[QuantityKind, number, string]> = [
  ['elevation', -25.833621978759766, '-26 m'],
  ['elevation', -0.2, '0 m'],
  ['elevation', 1234.5, '1235 m'],
  ['elevation', 12345.4, '12,345 m'],
  ['height', 1.75, '1.8 m'],
  ['height', 20, '20 m'],
  ['distance', 849.6, '850 m'],
  ['distance', 999.6, '1 km'],
  ['distance', 1249.9, '1.2 km'],
  ['distance', 5001, '5 km'],
  ['distance', 12345.6, '12.3 km'],
  ['distance', 123456, '123.5 km'],
  ['distance', 12345678, '12,345.7 km'],
  ['ground_resolution', 2.3886, '2.39 m'],
  ['ground_resolution', 0.59716, '0.597 m'],
  ['ground_resolution', 19.109, '19.1 m'],
  ['area', 64.28182246697419, '64.3 km²'],
  ['area', 0.052318, '0.0523 km²'],
  ['area', 1234.5, '1235 km²'],
  ['area', 0, '0 km²'],
  ['slope', 4.26, '4.3°'],
  ['slope', 4.04, '4°'],
  ['angle', 0.5312, '0.53°'],
  ['coordinate', 60.1651234, '60.16512'],
  ['coordinate', -122.4, '-122.4'],
  ['share', 0.4249, '42.5%'],
  ['share', 1, '100.0%'],
  ['share', 0.0004, '0.0%'],
  ['duration', 44.6, '45 s'],
  ['duration', 59.6, '1 min'],
  ['duration', 3120, '52 min'],
  ['duration', 4500, '1 h 15 min'],
  ['count', 12480.4, '12,480'],
  ['count', 3, '3'],
  ['decibel', -97.34, '-97.3 dB'],
];

test('each kind of quantity on exact numbers', () => {
  for (const [kind, value, expected] of cases) assert.is(formatQuantity(value, kind), expected, `${kind} ${value}`);
  assert.is(formatQuantity(Number.NaN, 'area'), 'unknown');
});

test('ranges: en dash between non-negative ends, "to" beside a minus or across units, one value when equal', () => {
  // The terrain agent's "elevation -50–-25.833621978759766 m" (issue 20).
  assert.is(formatQuantityRange(-50, -25.833621978759766, 'elevation'), '-50 to -26 m');
  assert.is(formatQuantityRange(-3.2, 85.4, 'elevation'), '-3 to 85 m');
  assert.is(formatQuantityRange(12.2, 85.4, 'elevation'), '12–85 m');
  assert.is(formatQuantityRange(0.1, 4.96, 'slope'), '0.1–5°');
  assert.is(formatQuantityRange(850, 1240, 'distance'), '850 m to 1.2 km');
  assert.is(formatQuantityRange(25.2, 24.8, 'elevation'), '25 m');
  assert.is(formatQuantityRange(0.25, 0.5, 'share'), '25.0–50.0%');
});

test.run();
