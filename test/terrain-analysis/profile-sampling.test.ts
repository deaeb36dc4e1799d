// How the profile is sampled from a DEM moves ITM's loss on rough terrain by about as much as the
// service and SPLAT! differ, so it is measured against the truth: rough fractal relief
// (support/rough-dem.ts) is gridded at 90 m by point samples of the continuous surface, and ITM over
// the profile the service extracts (bilinear between cell centres, one sample per cell along the
// grid line) and over SPLAT!'s kind (the nearest cell's value at each sample) is compared with ITM
// over the true surface sampled every 5 m. Bilinear sampling cuts summits between cell centres
// (optimistic); nearest sampling is a staircase whose steps stand in front of low antennas
// (pessimistic, and noisier).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { extractTerrainProfile } from '../../domain/terrain-analysis/extract-terrain-profile.ts';
import { itmPointToPointLoss } from '../../domain/terrain-analysis/itm/itm-point-to-point-loss.ts';
import type { ItmParams } from '../../domain/terrain-analysis/itm/itm-types.ts';
import type { GroundRaster } from '../../domain/terrain-analysis/types.ts';
import { seededRandom } from '../terrain-raster/support/synthetic-dem.ts';
import { fractalRelief } from './support/rough-dem.ts';

const relief = fractalRelief(7);
const size = 500,
  cell = 90;
const data = new Float32Array(size * size);
for (let row = 0; row < size; row++) {
  for (let col = 0; col < size; col++) data[row * size + col] = relief(col * cell, row * cell);
}
const dem: GroundRaster = { width: size, height: size, data, cellWidth: cell, cellHeight: cell };
const params: ItmParams = {
  txHeight: 20,
  rxHeight: 2,
  frequencyMhz: 300,
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
};

const stats = (deltas: number[]) => ({
  meanAbs: deltas.reduce((s, d) => s + Math.abs(d), 0) / deltas.length,
  bias: deltas.reduce((s, d) => s + d, 0) / deltas.length,
  p95: [...deltas].map(Math.abs).sort((a, b) => a - b)[Math.floor(0.95 * deltas.length)],
});

test('on rough relief, bilinear profiles follow the true surface closer than nearest-cell profiles', () => {
  const random = seededRandom(5);
  const tx = { col: 250, row: 250 };
  const bilinear: number[] = [],
    nearest: number[] = [];
  for (let k = 0; k < 1000; k++) {
    const angle = random() * 2 * Math.PI,
      metres = 2000 + random() * 17000;
    const rx = {
      col: Math.round(250 + (metres / cell) * Math.cos(angle)),
      row: Math.round(250 + (metres / cell) * Math.sin(angle)),
    };
    const profile = extractTerrainProfile(dem, tx, rx)!;
    const n = profile.elevations.length - 1;
    const steps = new Float64Array(n + 1);
    for (let i = 0; i <= n; i++) {
      const col = Math.round(tx.col + ((rx.col - tx.col) * i) / n);
      const row = Math.round(tx.row + ((rx.row - tx.row) * i) / n);
      steps[i] = data[row * size + col];
    }
    const length = profile.spacing * n,
      fine = Math.ceil(length / 5);
    const truth = new Float64Array(fine + 1);
    for (let i = 0; i <= fine; i++) {
      const t = i / fine;
      truth[i] = relief((tx.col + (rx.col - tx.col) * t) * cell, (tx.row + (rx.row - tx.row) * t) * cell);
    }
    const exact = itmPointToPointLoss({ elevations: truth, spacing: length / fine }, params).lossDb;
    bilinear.push(itmPointToPointLoss(profile, params).lossDb - exact);
    nearest.push(itmPointToPointLoss({ elevations: steps, spacing: profile.spacing }, params).lossDb - exact);
  }
  const b = stats(bilinear),
    s = stats(nearest);
  const show = (x: ReturnType<typeof stats>) =>
    `mean |Δ| ${x.meanAbs.toFixed(2)} dB, bias ${x.bias.toFixed(2)} dB, 95th percentile ${x.p95.toFixed(2)} dB`;
  console.log(`  bilinear (the service) − true surface: ${show(b)}`);
  console.log(`  nearest cell (SPLAT!) − true surface:  ${show(s)}`);
  assert.ok(b.meanAbs <= 1 && Math.abs(b.bias) <= 0.6, show(b));
  assert.ok(b.meanAbs < s.meanAbs && b.p95 < s.p95, `${show(b)} vs ${show(s)}`);
  assert.ok(b.bias < 0 && s.bias > 0, 'bilinear cuts summits, the staircase adds steps');
});

test.run();
