import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertRfCoverageInput } from '../../../domain/terrain-analysis/assert-rf-coverage-input.ts';
import { extractTerrainProfile } from '../../../domain/terrain-analysis/extract-terrain-profile.ts';
import { freeSpaceLoss } from '../../../domain/terrain-analysis/itm/free-space-loss.ts';
import { ItmParameterError } from '../../../domain/terrain-analysis/itm/itm-parameter-error.ts';
import { itmPointToPointLoss } from '../../../domain/terrain-analysis/itm/itm-point-to-point-loss.ts';
import { rfCoverage } from '../../../domain/terrain-analysis/rf-coverage.ts';
import type { RfCoverageOptions, RfEmitter, RfReceiver } from '../../../domain/terrain-analysis/rf-coverage-types.ts';
import type { GroundRaster } from '../../../domain/terrain-analysis/types.ts';
import { gridOf, hills } from '../../terrain-raster/support/synthetic-dem.ts';

const size = 81,
  cell = 50;
const hilly = (): GroundRaster => ({
  width: size,
  height: size,
  cellWidth: cell,
  cellHeight: cell,
  data: gridOf(size, size, 0, 0, cell, -cell, (x, y) => hills(x, y, 0.5)),
});
const emitter: RfEmitter = {
  cell: { col: 40, row: 40 },
  antennaHeight: 20,
  frequencyMhz: 900,
  transmitPowerDbm: 40,
  antennaGainDbi: 3,
};
const receiver: RfReceiver = { antennaHeight: 1.5, antennaGainDbi: 0, sensitivityDbm: -95 };
const options: RfCoverageOptions = { radiusMetres: 1800 };
const itmParams = {
  txHeight: 20,
  rxHeight: 1.5,
  frequencyMhz: 900,
  polarization: 'vertical',
  climate: 'continental_temperate',
  refractivity: 301,
  permittivity: 15,
  conductivity: 0.005,
  variabilityMode: 'mobile',
  eliminateLocationVariability: true,
  time: 50,
  location: 50,
  situation: 50,
} as const;

test("on the emitter's row and column the loss is ITM's over the DEM row to float precision; elsewhere close", () => {
  const dem = hilly();
  const coverage = rfCoverage(dem, emitter, receiver, options);
  // Along an axis the radial samples are the cell centres themselves: the profile is the DEM row.
  for (const k of [1, 5, 20, 36]) {
    const elevations = Float64Array.from({ length: k + 1 }, (_, i) => dem.data[40 * size + 40 + i]);
    const expected = itmPointToPointLoss({ elevations, spacing: cell }, itmParams).lossDb;
    assert.is(coverage.lossDb[40 * size + 40 + k], Math.fround(expected), `${k} cells east`);
    assert.is(coverage.receivedDbm[40 * size + 40 + k], Math.fround(43 - Math.fround(expected)));
  }
  // Off the axes a radial passes within half a cell of the centre, not through it: close to ITM over
  // the cell's own straight profile, not equal (ITM on rough terrain moves with the sampling).
  for (const [col, row] of [
    [50, 30],
    [47, 33],
    [20, 55],
    [65, 48],
    [33, 10],
  ]) {
    const own = itmPointToPointLoss(extractTerrainProfile(dem, emitter.cell, { col, row })!, itmParams).lossDb;
    const value = coverage.lossDb[row * size + col];
    assert.ok(Math.abs(value - own) < 2, `cell ${col},${row}: ${value} vs ${own}`);
  }
});

test('every cell centre within the radius is computed, none beyond; the emitter cell is free space at ½ cell', () => {
  const dem = hilly();
  const coverage = rfCoverage(dem, emitter, receiver, options);
  let inside = 0;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const within = Math.hypot(col - 40, row - 40) * cell <= 1800;
      inside += within ? 1 : 0;
      const value = coverage.lossDb[row * size + col];
      assert.is(Number.isFinite(value), within, `cell ${col},${row}`);
    }
  }
  assert.is(coverage.statistics.cellsComputed, inside);
  assert.is(coverage.lossDb[40 * size + 40], Math.fround(freeSpaceLoss(25, 900)));
});

test('statistics count the cells at or above the sensitivity, their share and the farthest one', () => {
  const coverage = rfCoverage(hilly(), emitter, receiver, options);
  let covered = 0,
    farthest = 0,
    max = -Infinity,
    min = Infinity;
  coverage.receivedDbm.forEach((p, i) => {
    if (Number.isNaN(p)) return;
    max = Math.max(max, p);
    min = Math.min(min, p);
    if (p < -95) return;
    covered++;
    farthest = Math.max(farthest, Math.hypot((i % size) - 40, Math.floor(i / size) - 40) * cell);
  });
  const s = coverage.statistics;
  assert.ok(covered > 0 && covered < s.cellsComputed, `${covered} of ${s.cellsComputed} covered`);
  assert.equal(
    [s.cellsCovered, s.coveredShare, s.maxRangeMetres, s.maxReceivedDbm, s.minReceivedDbm],
    [covered, covered / s.cellsComputed, farthest, max, min],
  );
});

test('received power grows dB for dB with transmit power and both antenna gains', () => {
  const base = rfCoverage(hilly(), emitter, receiver, options).receivedDbm;
  const louder = rfCoverage(
    hilly(),
    { ...emitter, transmitPowerDbm: 46, antennaGainDbi: 6 },
    { ...receiver, antennaGainDbi: 2 },
    options,
  ).receivedDbm;
  for (const i of [40 * size + 41, 10 * size + 40, 45 * size + 60]) assert.is(louder[i] - base[i], 11);
});

test('a flat earth: loss rises with distance and equals ITM on a flat profile along the axis', () => {
  const flat: GroundRaster = {
    width: size,
    height: size,
    cellWidth: cell,
    cellHeight: cell,
    data: new Float32Array(size * size),
  };
  const coverage = rfCoverage(flat, emitter, receiver, options);
  const east = Array.from({ length: 36 }, (_, k) => coverage.lossDb[40 * size + 41 + k]);
  for (let k = 1; k < east.length; k++) assert.ok(east[k] > east[k - 1], `${k}`);
  const expected = itmPointToPointLoss({ elevations: new Float64Array(21), spacing: cell }, itmParams).lossDb;
  assert.is(coverage.lossDb[40 * size + 60], Math.fround(expected));
});

test('nodata stops a radial: the cells behind a nodata strip stay NaN, the others are computed', () => {
  const dem = hilly();
  for (let row = 0; row < size; row++) dem.data[row * size + 45] = NaN; // a north–south strip east of the emitter
  const coverage = rfCoverage(dem, emitter, receiver, options);
  assert.ok(Number.isNaN(coverage.lossDb[40 * size + 50]));
  assert.ok(Number.isNaN(coverage.lossDb[40 * size + 45]));
  assert.ok(Number.isFinite(coverage.lossDb[40 * size + 44]));
  assert.ok(Number.isFinite(coverage.lossDb[40 * size + 30]));
});

test('non-square ground cells: the radius is in metres along both axes', () => {
  const dem: GroundRaster = { ...hilly(), cellWidth: 30, cellHeight: 60 };
  const coverage = rfCoverage(dem, emitter, receiver, { radiusMetres: 900 });
  assert.ok(Number.isFinite(coverage.lossDb[40 * size + 70]), '30 cells east = 900 m');
  assert.ok(Number.isNaN(coverage.lossDb[40 * size + 71]));
  assert.ok(Number.isFinite(coverage.lossDb[25 * size + 40]), '15 cells north = 900 m');
  assert.ok(Number.isNaN(coverage.lossDb[24 * size + 40]));
});

const refused: [string, () => void][] = [
  ['emitter.frequencyMhz', () => rfCoverage(hilly(), { ...emitter, frequencyMhz: 25000 }, receiver, options)],
  ['emitter.antennaHeight', () => rfCoverage(hilly(), { ...emitter, antennaHeight: 0 }, receiver, options)],
  ['receiver.antennaHeight', () => rfCoverage(hilly(), emitter, { ...receiver, antennaHeight: 5000 }, options)],
  ['receiver.sensitivityDbm', () => rfCoverage(hilly(), emitter, { ...receiver, sensitivityDbm: NaN }, options)],
  ['emitter.transmitPowerDbm', () => rfCoverage(hilly(), { ...emitter, transmitPowerDbm: 1 / 0 }, receiver, options)],
  ['options.radiusMetres', () => rfCoverage(hilly(), emitter, receiver, { radiusMetres: 0 })],
  ['options.timePercent', () => rfCoverage(hilly(), emitter, receiver, { ...options, timePercent: 100 })],
  ['options.climate', () => assertRfCoverageInput(hilly(), emitter, receiver, { ...options, climate: 'ice' as never })],
  ['emitter.cell', () => rfCoverage(hilly(), { ...emitter, cell: { col: 81, row: 0 } }, receiver, options)],
];
test('ground so high that Nₛ falls below 150 N-units is refused naming options.refractivity', () => {
  // N₀ = 301 at 7000 m: 301·e^(−7000/9460) = 143 N-units, outside ITM's 150–400.
  const high: GroundRaster = { ...hilly(), data: new Float32Array(size * size).fill(7000) };
  assert.throws(
    () => rfCoverage(high, emitter, receiver, options),
    (e: unknown) => e instanceof ItmParameterError && e.field === 'options.refractivity',
  );
});

for (const [field, call] of refused) {
  test(`an invalid ${field} is refused with an ItmParameterError naming it`, () => {
    assert.throws(call, (e: unknown) => e instanceof ItmParameterError && e.field === field);
  });
}

test.run();
