// The service's ITM (domain/terrain-analysis/itm) against NTIA/ITS's reference C++ ITM, compiled
// with g++ from ../shared/reference/ntia-itm into a temporary directory (support/ntia-itm-oracle.ts)
// and fed the very profiles the service extracts: NTIA's own p2p.csv cases, 2,000 point-to-point
// profiles (extractTerrainProfile) over rough fractal relief with radio parameters drawn across
// ITM's whole input range, every cell of a coverage raster (the radial profiles rfCoverage walks),
// and, when ../shared/data is there, the same on a real alpine DEM. Goal: within 0.1 dB on every
// path, the same propagation mode and the same warnings. Without the reference sources the tests
// are skipped (and counted so); g++ is required where they are.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { extractTerrainProfile } from '../../domain/terrain-analysis/extract-terrain-profile.ts';
import { itmPointToPointLoss } from '../../domain/terrain-analysis/itm/itm-point-to-point-loss.ts';
import type { ItmParams, TerrainProfile } from '../../domain/terrain-analysis/itm/itm-types.ts';
import {
  ITM_CLIMATES,
  ITM_POLARIZATIONS,
  ITM_VARIABILITY_MODES,
} from '../../domain/terrain-analysis/itm/itm-vocabulary.ts';
import { rfCoverage } from '../../domain/terrain-analysis/rf-coverage.ts';
import type { GridCell, GroundRaster } from '../../domain/terrain-analysis/types.ts';
import { walkCoverageRadials } from '../../domain/terrain-analysis/walk-coverage-radials.ts';
import { readRasterAsFloat32, tempDir } from '../terrain-raster/support/gdal.ts';
import { seededRandom } from '../terrain-raster/support/synthetic-dem.ts';
import { ntiaItmCases } from './support/ntia-itm-cases.ts';
import { ntiaItmAvailable, ntiaItmOracle, type NtiaItmPath } from './support/ntia-itm-oracle.ts';
import { fractalRelief } from './support/rough-dem.ts';
import { sharedData } from '../support/shared-data.ts';

const TOLERANCE_DB = 0.1;
const vinschgau = sharedData('dem', 'vinschgau-utm32n-250m.tif');

/** Compares the service's results with the oracle's on `paths`; returns the largest |Δ| in dB. */
function assertSameAsReference(
  paths: NtiaItmPath[],
  ours: { lossDb: number; mode: string; warnings: string[] }[],
  what: string,
): number {
  const reference = ntiaItmOracle()(paths);
  let worst = 0;
  for (const [i, r] of reference.entries()) {
    assert.ok(r.returnCode === 0 || r.returnCode === 1, `${what} ${i}: the reference refused it (${r.returnCode})`);
    const delta = Math.abs(ours[i].lossDb - r.lossDb);
    worst = Math.max(worst, delta);
    assert.ok(delta <= TOLERANCE_DB, `${what} ${i}: ours ${ours[i].lossDb} dB, NTIA ${r.lossDb} dB`);
    assert.is(ours[i].mode, r.mode, `${what} ${i}: mode`);
    assert.equal([...ours[i].warnings].sort(), [...r.warnings].sort(), `${what} ${i}: warnings`);
  }
  console.log(`  ${what}: ${paths.length} paths, max |Δ| ${worst.toExponential(2)} dB`);
  return worst;
}

/** The coverage raster's ITM cells and the exact profile each was computed over. */
function coverageProfiles(dem: GroundRaster, cell: GridCell, radius: number, lossDb: Float32Array) {
  const profiles = new Map<number, TerrainProfile>();
  const reached = walkCoverageRadials(dem, cell, radius, (index, elevations, spacing, length) => {
    profiles.set(index, { elevations: elevations.slice(0, length), spacing });
  });
  // Cells no radial reached have a straight profile to their centre (rfCoverage's fillMissedCells).
  for (let index = 0; index < lossDb.length; index++) {
    if (reached[index] || Number.isNaN(lossDb[index])) continue;
    const to = { col: index % dem.width, row: Math.floor(index / dem.width) };
    profiles.set(index, extractTerrainProfile(dem, cell, to)!);
  }
  return profiles;
}

function assertCoverageSameAsReference(dem: GroundRaster, cell: GridCell, radius: number, what: string) {
  const emitter = { cell, antennaHeight: 20, frequencyMhz: 300, transmitPowerDbm: 40, antennaGainDbi: 0 };
  const receiver = { antennaHeight: 2, antennaGainDbi: 0, sensitivityDbm: -100 };
  const { lossDb, statistics } = rfCoverage(dem, emitter, receiver, { radiusMetres: radius });
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
  const profiles = coverageProfiles(dem, cell, radius, lossDb);
  // Every computed cell but the emitter's own (free space at half a cell) has its profile.
  assert.is(profiles.size, statistics.cellsComputed - 1);
  const indices = [...profiles.keys()];
  const reference = ntiaItmOracle()(indices.map((i) => ({ profile: profiles.get(i)!, params })));
  let worst = 0;
  for (const [k, index] of indices.entries()) {
    // The raster holds Float32: its rounding (≤ 1e-5 dB at 200 dB) is far inside the tolerance.
    const delta = Math.abs(lossDb[index] - reference[k].lossDb);
    worst = Math.max(worst, delta);
    assert.ok(delta <= TOLERANCE_DB, `${what}, cell ${index}: ours ${lossDb[index]}, NTIA ${reference[k].lossDb} dB`);
  }
  console.log(`  ${what}: ${indices.length} cells, max |Δ| ${worst.toExponential(2)} dB`);
}

/** ITM parameters drawn across the model's input range (frequencies and heights log-uniform). */
function randomParams(random: () => number): ItmParams {
  const logUniform = (low: number, high: number) => low * (high / low) ** random();
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
  return {
    txHeight: logUniform(0.5, 3000),
    rxHeight: logUniform(0.5, 3000),
    frequencyMhz: logUniform(20, 20000),
    polarization: pick(ITM_POLARIZATIONS),
    climate: pick(ITM_CLIMATES),
    refractivity: 250 + 150 * random(),
    permittivity: logUniform(1, 100),
    conductivity: logUniform(1e-4, 5),
    variabilityMode: pick(ITM_VARIABILITY_MODES),
    eliminateLocationVariability: random() < 0.5,
    eliminateSituationVariability: random() < 0.3,
    time: 0.5 + 99 * random(),
    location: 0.5 + 99 * random(),
    situation: 0.5 + 99 * random(),
  };
}

if (ntiaItmAvailable()) {
  // Rough fractal relief (about 830 m from valley to summit) on 500 x 500 cells of 90 m, in memory.
  const relief = fractalRelief(7);
  const size = 500,
    cell = 90;
  const data = new Float32Array(size * size);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) data[row * size + col] = relief(col * cell, row * cell);
  }
  const rough: GroundRaster = { width: size, height: size, data, cellWidth: cell, cellHeight: cell };

  test("NTIA's p2p.csv cases: the service equals the reference C++ within 0.1 dB, same mode and warnings", () => {
    const cases = ntiaItmCases();
    const ours = cases.map((c) => itmPointToPointLoss(c.profile, c.params));
    assertSameAsReference(cases, ours, 'p2p.csv');
  });

  test("2,000 profiles extracted from rough relief, parameters across ITM's range: within 0.1 dB", () => {
    const random = seededRandom(2020);
    const paths: NtiaItmPath[] = [];
    while (paths.length < 2000) {
      const from = { col: Math.floor(random() * size), row: Math.floor(random() * size) };
      const to = { col: Math.floor(random() * size), row: Math.floor(random() * size) };
      if (from.col === to.col && from.row === to.row) continue;
      paths.push({ profile: extractTerrainProfile(rough, from, to)!, params: randomParams(random) });
    }
    const ours = paths.map((p) => itmPointToPointLoss(p.profile, p.params));
    // The draw reaches every propagation mode and most warnings.
    assert.equal(new Set(ours.map((r) => r.mode)).size, 3);
    assertSameAsReference(paths, ours, 'rough relief');
  });

  test('every ITM cell of a coverage raster on rough relief equals the reference on its radial profile', () => {
    assertCoverageSameAsReference(rough, { col: 250, row: 250 }, 9000, 'coverage raster, rough relief');
  });

  if (vinschgau) {
    const work = tempDir('itm-vs-ntia');
    const copy = join(work.dir, 'vinschgau.tif'); // the shared folder is read-only; GDAL writes beside its input
    copyFileSync(vinschgau, copy);
    const raster = readRasterAsFloat32(copy);
    const alps: GroundRaster = { ...raster, cellWidth: 250, cellHeight: 250 };
    test.after(() => work.remove());

    test('Vinschgau (real alpine DEM): point-to-point profiles and a coverage raster equal the reference', () => {
      const random = seededRandom(46);
      const paths: NtiaItmPath[] = [];
      while (paths.length < 500) {
        const from = { col: Math.floor(random() * alps.width), row: Math.floor(random() * alps.height) };
        const to = { col: Math.floor(random() * alps.width), row: Math.floor(random() * alps.height) };
        if (from.col === to.col && from.row === to.row) continue;
        const profile = extractTerrainProfile(alps, from, to);
        if (profile) paths.push({ profile, params: randomParams(random) });
      }
      const ours = paths.map((p) => itmPointToPointLoss(p.profile, p.params));
      assertSameAsReference(paths, ours, 'Vinschgau profiles');
      assertCoverageSameAsReference(alps, { col: 126, row: 97 }, 20000, 'Vinschgau coverage raster');
    });
  } else {
    test.skip('Vinschgau (real alpine DEM): needs ../shared/data', () => {});
  }
} else {
  test.skip("the service against NTIA's reference ITM: needs ../shared/reference/ntia-itm or NTIA_ITM_DIR", () => {});
}

test.run();
