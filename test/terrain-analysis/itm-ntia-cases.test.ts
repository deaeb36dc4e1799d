import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ItmParameterError } from '../../domain/terrain-analysis/itm/itm-parameter-error.ts';
import { itmPointToPointLoss } from '../../domain/terrain-analysis/itm/itm-point-to-point-loss.ts';
import type { ItmParams } from '../../domain/terrain-analysis/itm/itm-types.ts';
import { ntiaItmCases } from './support/ntia-itm-cases.ts';

const cases = ntiaItmCases();

test('the five NTIA point-to-point cases (p2p.csv over pfls.csv) reproduce within 0.01 dB', () => {
  assert.equal(
    cases.map((c) => c.expectedLossDb),
    [207.65, 157.1, 178.53, 183.26, 218.91],
  );
  for (const [i, c] of cases.entries()) {
    const { lossDb } = itmPointToPointLoss(c.profile, c.params);
    // The published values are rounded to 0.01 dB: the exact loss lies within ±0.005 of them.
    assert.ok(Math.abs(lossDb - c.expectedLossDb) <= 0.01, `case ${i + 1}: ${lossDb} vs ${c.expectedLossDb}`);
  }
});

test('the cases cover the three propagation modes, with the warnings the geometry calls for', () => {
  const results = cases.map((c) => itmPointToPointLoss(c.profile, c.params));
  assert.equal(
    results.map((r) => r.mode),
    ['troposcatter', 'line_of_sight', 'line_of_sight', 'diffraction', 'diffraction'],
  );
  assert.equal(results[0].warnings, []);
  // Case 5 (1.5 m and 10 m antennas behind ridges at both ends): horizons one cell from each terminal.
  assert.equal(
    results[4].geometry.horizonDistances.map((d) => d.toFixed(3)),
    ['99.865', '99.865'],
  );
  assert.equal(results[4].warnings, ['tx_horizon_distance_1', 'rx_horizon_distance_1']);
  // Path lengths are intervals × spacing: 367.8 km, 7.8 km, 28.0 km, 28.6 km, 25.5 km.
  assert.equal(
    results.map((r) => (r.geometry.distance / 1000).toFixed(1)),
    ['367.8', '7.8', '28.0', '28.6', '25.5'],
  );
  // Free-space loss is 32.45 + 20 log f(MHz) + 20 log d(km); the rest is the quantile attenuation.
  const km = (3679 * 99.97805) / 1000;
  assert.is(results[0].freeSpaceLossDb.toFixed(9), (32.45 + 20 * Math.log10(230) + 20 * Math.log10(km)).toFixed(9));
});

test("NTIA's command-line example (cmd_examples/o_p2ptls.txt over pfl.txt): every printed value", () => {
  // Inputs i_p2ptls.txt; outputs printed by ITMDrvr 1.3 at the precision compared here.
  const file = join(import.meta.dirname, 'fixtures', 'ntia-itm-cmd-pfl.txt');
  const pfl = readFileSync(file, 'utf8').split(',').map(Number);
  const r = itmPointToPointLoss(
    { elevations: pfl.slice(2), spacing: pfl[1] },
    {
      txHeight: 15,
      rxHeight: 3,
      climate: 'continental_temperate',
      refractivity: 301,
      frequencyMhz: 3500,
      polarization: 'vertical',
      permittivity: 15,
      conductivity: 0.005,
      variabilityMode: 'accidental',
      time: 50,
      location: 50,
      situation: 50,
    },
  );
  const g = r.geometry;
  assert.equal(r.warnings, []);
  assert.is(r.mode, 'line_of_sight');
  assert.is(r.lossDb.toFixed(1), '114.5');
  assert.is(r.freeSpaceLossDb.toFixed(1), '114.5');
  assert.is((g.distance / 1000).toFixed(3), '3.635');
  assert.equal(
    g.horizonAngles.map((a) => (a * 1000).toFixed(3)),
    ['-1.949', '-0.856'],
  );
  assert.equal(
    g.horizonDistances.map((d) => d.toFixed(0)),
    ['14868', '6494'],
  );
  assert.equal(
    g.effectiveHeights.map((h) => h.toFixed(1)),
    ['15.0', '3.0'],
  );
  assert.is(r.surfaceRefractivity.toFixed(1), '251.5');
  assert.is(g.terrainIrregularity.toFixed(1), '3.2');
  assert.is(r.referenceAttenuationDb.toFixed(1), '0.0');
});

const valid = cases[1].params;
const invalid: [keyof ItmParams, unknown][] = [
  ['frequencyMhz', 19.9],
  ['frequencyMhz', 20001],
  ['txHeight', 0.4],
  ['rxHeight', 3001],
  ['txHeight', 0],
  ['refractivity', 249],
  ['permittivity', 0.9],
  ['conductivity', 0],
  ['time', 0],
  ['location', 100],
  ['situation', -1],
  ['climate', 'arctic'],
  ['polarization', 'circular'],
  ['variabilityMode', 'broadcasting'],
  ['frequencyMhz', NaN],
];
for (const [field, value] of invalid) {
  test(`${field} = ${String(value)} is refused with an ItmParameterError naming ${field}`, () => {
    const params = { ...valid, [field]: value } as ItmParams;
    try {
      itmPointToPointLoss(cases[1].profile, params);
      assert.unreachable('should throw');
    } catch (error) {
      assert.instance(error, ItmParameterError);
      assert.instance(error, RangeError);
      assert.is((error as ItmParameterError).field, field);
    }
  });
}

test('a profile with nodata, one point or no spacing is refused naming the profile', () => {
  for (const profile of [
    { elevations: [10, NaN, 10], spacing: 100 },
    { elevations: [10], spacing: 100 },
    { elevations: [1, 2], spacing: 0 },
  ]) {
    const refused = (e: unknown) => (e as ItmParameterError).field === 'profile';
    assert.throws(() => itmPointToPointLoss(profile, valid), refused);
  }
});

test('inputs inside the limits but outside the fitted ranges answer with warnings', () => {
  const result = itmPointToPointLoss(cases[1].profile, { ...valid, frequencyMhz: 30, txHeight: 0.8 });
  assert.ok(result.warnings.includes('frequency'));
  assert.ok(result.warnings.includes('tx_terminal_height'));
  assert.ok(Number.isFinite(result.lossDb));
});

test.run();
