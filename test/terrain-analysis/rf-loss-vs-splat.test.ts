// ITM path loss against SPLAT! 1.4.2 in Longley–Rice mode (splat -olditm) on the same terrain: a
// synthetic UTM DEM warped to EPSG:4326 on an SRTM-3 tile, which both read (SPLAT! as .sdf, we as
// the .hgt it came from, cells converted to ground metres at the transmitter's latitude on SPLAT!'s
// sphere of 3959 miles). Same radio parameters (SPLAT!'s point_to_point: mdvar 12, median time and
// situation). Two terrains: smooth hills (the historical case: 30 m mast, 450 MHz) and rough fractal
// relief of about 970 m (support/rough-dem.ts: 20 m mast, 300 MHz, 2 m receivers, as the mountain
// walk that found 4 dB differences) and, when ../shared/data is there, a real alpine DEM (Vinschgau,
// 250 m cells, same radio).
//
// Both are ITM 1.2.2, and NTIA's reference C++ ITM (support/ntia-itm-oracle.ts) splits what differs,
// fed SPLAT!'s own profile (support/splat-path.ts, its ReadPath and PathReport transcribed): it
// reproduces SPLAT!'s printed loss (≤ 0.05 dB on nine paths in ten, ≤ 0.5 dB on all: SPLAT!'s Δh
// drops one residual), so SPLAT!'s model is NTIA's and the difference is in the profile. Two causes,
// both SPLAT!'s doing: (1) PathReport prints the loss of its last loop pass, over a profile that
// stops one or two samples (one or two cells) short of the receiver and stands the receiver on the
// ground there; (2) it takes the nearest 3″ sample along the great circle where we interpolate
// bilinearly along the grid line: a staircase whose steps stand in front of a 2 m antenna. The two
// often cancel; each alone moves single paths by up to 10–20 dB on rough relief (profile-sampling.test.ts
// measures both samplings against the true surface). Held: mean |Δ| ≤ 2 dB and bias (mean Δ) within
// ±1 dB against SPLAT! as it prints on the synthetic terrains (figures only on the alpine DEM); per
// point ≤ 5 dB on the smooth hills only. Without the reference sources the split is skipped (and
// counted so); the SPLAT! comparison still runs.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { extractTerrainProfile } from '../../domain/terrain-analysis/extract-terrain-profile.ts';
import { itmPointToPointLoss } from '../../domain/terrain-analysis/itm/itm-point-to-point-loss.ts';
import type { ItmParams } from '../../domain/terrain-analysis/itm/itm-types.ts';
import { rfCoverage } from '../../domain/terrain-analysis/rf-coverage.ts';
import type { GroundRaster } from '../../domain/terrain-analysis/types.ts';
import { tempDir } from '../terrain-raster/support/gdal.ts';
import { gridOf, hills, seededRandom } from '../terrain-raster/support/synthetic-dem.ts';
import { writeDem } from './support/gdal-viewshed.ts';
import { ntiaItmAvailable, ntiaItmOracle } from './support/ntia-itm-oracle.ts';
import { fractalRelief } from './support/rough-dem.ts';
import {
  SPLAT_EARTH_RADIUS_M,
  SRTM3_PER_DEGREE,
  splatPathLoss,
  writeSrtmTile,
  type SplatRadio,
} from './support/splat.ts';
import { splatAntennaMetres, splatProfileToReceiver, splatReadPath, splatReportProfile } from './support/splat-path.ts';
import { sharedData } from '../support/shared-data.ts';

const rxHeight = 2;
const metresPerDegree = (SPLAT_EARTH_RADIUS_M * Math.PI) / 180;
// SPLAT! usually answers in about a second; on a few steep paths its obstruction analysis does not end.
const SPLAT_TIMEOUT_MS = 60_000;
const oracleAvailable = ntiaItmAvailable();
const works: { remove(): void }[] = [];

interface Terrain {
  name: string;
  /** Writes the terrain as a projected GeoTIFF into `dir`; returns its path. */
  writeGeoTiff: (dir: string) => string;
  /** South-west corner of the SRTM tile it is warped onto, and the transmitter, degrees. */
  tile: [number, number];
  tx: [number, number];
  txHeight: number;
  frequencyMhz: number;
  /** [bearing °, km] of the receivers. */
  receivers: number[][];
  /** Largest |Δ| allowed at any one receiver against SPLAT! as it prints (null: not held). */
  perPointDb: number | null;
  /**
   * Whether mean |Δ| ≤ 2 dB and |bias| ≤ 1 dB are held against SPLAT! as it prints, or only printed
   * (the real alpine DEM: 250 m cells under cliffs, where SPLAT!'s cut-short profile alone moves
   * single paths by tens of dB; README gives the figures).
   */
  held: boolean;
}

/** Synthetic terrain around (46.5° N, 9.5° E) in UTM 32N, 90 m cells, ±32 km; the rest of the tile is nodata. */
function syntheticGeoTiff(elevation: (x: number, y: number) => number) {
  return (dir: string) => {
    const cellSize = 90,
      originX = 506000,
      originY = 5182000,
      size = 712;
    const data = gridOf(size, size, originX, originY, cellSize, -cellSize, elevation);
    return writeDem({ width: size, height: size, data, cellSize, originX, originY }, dir);
  };
}

const stats = (deltas: number[]) => ({
  meanAbs: deltas.reduce((s, d) => s + Math.abs(d), 0) / deltas.length,
  medianAbs: [...deltas].map(Math.abs).sort((a, b) => a - b)[Math.floor(deltas.length / 2)],
  bias: deltas.reduce((s, d) => s + d, 0) / deltas.length,
  max: Math.max(...deltas.map(Math.abs)),
});
const describe = (s: ReturnType<typeof stats>) =>
  `mean |Δ| ${s.meanAbs.toFixed(2)} dB ` +
  `(median ${s.medianAbs.toFixed(2)}), bias ${s.bias >= 0 ? '+' : ''}${s.bias.toFixed(2)} dB, ` +
  `max ${s.max.toFixed(2)} dB`;

function compareWithSplat(terrain: Terrain) {
  const work = tempDir('rf-splat');
  works.push(work);
  const [txLat, txLon] = terrain.tx;
  const tile = writeSrtmTile(terrain.writeGeoTiff(work.dir), terrain.tile[0], terrain.tile[1], work.dir);
  const dem: GroundRaster = {
    width: 1201,
    height: 1201,
    data: tile.data,
    cellHeight: metresPerDegree / SRTM3_PER_DEGREE,
    cellWidth: (metresPerDegree / SRTM3_PER_DEGREE) * Math.cos((txLat * Math.PI) / 180),
  };
  const cellOf = (lat: number, lon: number) => ({
    col: Math.round((lon - tile.lon) * SRTM3_PER_DEGREE),
    row: Math.round((tile.lat + 1 - lat) * SRTM3_PER_DEGREE),
  });
  const txCell = cellOf(txLat, txLon);
  const { txHeight, frequencyMhz } = terrain;
  const radio: SplatRadio = {
    permittivity: 15,
    conductivity: 0.005,
    refractivity: 301,
    frequencyMhz,
    climate: 5,
    polarization: 'vertical',
    situations: 0.5,
    time: 0.5,
  };
  const itmParams = (tx: number, rx: number): ItmParams => ({
    txHeight: tx,
    rxHeight: rx,
    frequencyMhz,
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
  });
  // Receivers on cell centres.
  const receivers = terrain.receivers.map(([bearing, km], i) => {
    const rad = (bearing * Math.PI) / 180;
    const lat = txLat + (km * 1000 * Math.cos(rad)) / metresPerDegree;
    const lon = txLon + (km * 1000 * Math.sin(rad)) / (metresPerDegree * Math.cos((txLat * Math.PI) / 180));
    const cell = cellOf(lat, lon);
    const site = {
      name: `rx${i}`,
      lat: tile.lat + 1 - cell.row / SRTM3_PER_DEGREE,
      lon: tile.lon + cell.col / SRTM3_PER_DEGREE,
      height: rxHeight,
    };
    return { bearing, km, cell, site };
  });
  const tx = { name: 'tx', lat: txLat, lon: txLon, height: txHeight };
  const splatAll = receivers.map((r) => splatPathLoss(work.dir, tile.sdfDir, tx, r.site, radio, SPLAT_TIMEOUT_MS));
  // The receivers SPLAT! finished.
  const done = receivers.flatMap((r, i) => (Number.isNaN(splatAll[i]) ? [] : [{ ...r, splat: splatAll[i] }]));
  const ours = done.map(
    (r) => itmPointToPointLoss(extractTerrainProfile(dem, txCell, r.cell)!, itmParams(txHeight, rxHeight)).lossDb,
  );

  function assertAgreement(losses: number[], what: string) {
    const deltas = losses.map((loss, i) => loss - done[i].splat);
    console.log(`  ${terrain.name}, ${what} − SPLAT!: ${describe(stats(deltas))} (${done.length} paths)`);
    if (!terrain.held) return;
    if (terrain.perPointDb !== null) {
      for (const [i, d] of deltas.entries()) {
        const r = done[i];
        assert.ok(
          Math.abs(d) <= terrain.perPointDb,
          `${r.bearing}°/${r.km} km: SPLAT ${r.splat} ours ${losses[i].toFixed(2)} (Δ ${d.toFixed(2)} dB)`,
        );
      }
    }
    const { meanAbs, bias } = stats(deltas);
    assert.ok(meanAbs <= 2, `mean |Δ| ${meanAbs.toFixed(2)} dB`);
    assert.ok(Math.abs(bias) <= 1, `bias ${bias.toFixed(2)} dB`);
  }

  test(`${terrain.name}: SPLAT! reports losses between free space and 200 dB, and finishes nearly every path`, () => {
    console.log(`  ${terrain.name}: SPLAT! finished ${done.length} of ${receivers.length} paths`);
    assert.ok(done.length >= receivers.length - 2, `${done.length} of ${receivers.length}`);
    for (const r of done) assert.ok(r.splat > 80 && r.splat < 200, String(r.splat));
  });

  test(`${terrain.name}: itmPointToPointLoss over profiles from the DEM agrees with splat -olditm`, () => {
    assertAgreement(ours, 'point to point');
  });

  test(`${terrain.name}: rfCoverage in each receiver cell agrees with splat -olditm the same way`, () => {
    const emitter = { cell: txCell, antennaHeight: txHeight, frequencyMhz, transmitPowerDbm: 40, antennaGainDbi: 0 };
    const receiver = { antennaHeight: rxHeight, antennaGainDbi: 0, sensitivityDbm: -100 };
    const coverage = rfCoverage(dem, emitter, receiver, { radiusMetres: 19500 });
    assertAgreement(
      done.map((r) => coverage.lossDb[r.cell.row * dem.width + r.cell.col]),
      'coverage raster',
    );
  });

  const splitName = `${terrain.name}: NTIA's ITM on SPLAT!'s own profile reproduces SPLAT!; the rest is the profile`;
  if (!oracleAvailable) {
    test.skip(`${splitName} (needs ../shared/reference/ntia-itm or NTIA_ITM_DIR)`, () => {});
    return;
  }
  test(splitName, () => {
    const oracle = ntiaItmOracle();
    const splatParams = itmParams(splatAntennaMetres(txHeight), splatAntennaMetres(rxHeight));
    const paths = done.map((r) => splatReadPath(tile, tx, r.site));
    const asPrinted = oracle(paths.map((path) => ({ profile: splatReportProfile(path), params: splatParams })));
    const toReceiver = oracle(paths.map((path) => ({ profile: splatProfileToReceiver(path), params: splatParams })));
    // SPLAT!'s model is NTIA's ITM: fed SPLAT!'s profile, the reference prints SPLAT!'s number (2 decimals).
    // Not always to the last digit: SPLAT!'s C port takes Δh's deciles over n − 1 of the n residuals
    // (d1thx: qtile(n-1, …)), NTIA over all n, which moves a few paths by tenths of a dB.
    const model = asPrinted.map((a, i) => a.lossDb - done[i].splat);
    for (const [i, r] of done.entries()) {
      assert.ok(
        Math.abs(model[i]) <= 0.5,
        `${r.bearing}°/${r.km} km: SPLAT! ${r.splat}, NTIA on its profile ${asPrinted[i].lossDb.toFixed(3)} dB`,
      );
    }
    const exact = model.filter((d) => Math.abs(d) <= 0.05).length;
    assert.ok(exact >= 0.9 * done.length, `${exact} of ${done.length} paths within 0.05 dB`);
    const truncation = stats(toReceiver.map((a, i) => a.lossDb - done[i].splat));
    const sampling = stats(ours.map((loss, i) => loss - toReceiver[i].lossDb));
    console.log(
      `  ${terrain.name}, NTIA on SPLAT!'s profile − SPLAT!: ${describe(stats(model))}, ` +
        `${exact} of ${done.length} paths within 0.05 dB`,
    );
    // The two causes, in turn: SPLAT!'s missing samples put back, then bilinear in place of nearest.
    console.log(`  ${terrain.name}, SPLAT!'s sampling carried to the receiver − SPLAT!: ${describe(truncation)}`);
    console.log(`  ${terrain.name}, ours − SPLAT!'s sampling carried to the receiver: ${describe(sampling)}`);
  });
}

compareWithSplat({
  name: 'smooth hills',
  writeGeoTiff: syntheticGeoTiff((x, y) => hills(x, y, 1)),
  tile: [46, 9],
  tx: [46.5, 9.5],
  txHeight: 30,
  frequencyMhz: 450,
  receivers: [
    [0, 3],
    [45, 6],
    [90, 9],
    [135, 12],
    [180, 15],
    [225, 18],
    [270, 5],
    [315, 10],
    [30, 14],
    [200, 8],
    [110, 17],
    [340, 2],
  ],
  perPointDb: 5,
  held: true,
});

const spread = seededRandom(99);
compareWithSplat({
  name: 'rough relief',
  writeGeoTiff: syntheticGeoTiff(fractalRelief(7)),
  tile: [46, 9],
  tx: [46.5, 9.5],
  txHeight: 20,
  frequencyMhz: 300,
  // 40 receivers at spread bearings, 2–19 km.
  receivers: Array.from({ length: 40 }, (_, i) => [
    Number((i * 9 + spread() * 5).toFixed(1)),
    Number((2 + spread() * 17).toFixed(2)),
  ]),
  perPointDb: null,
  held: true,
});

// A real alpine DEM, the shared data folder's dem/vinschgau-utm32n-250m.tif (UTM 32N, 250 m cells,
// 388–3863 m; only when it is there), from the middle of the valley's DEM.
const vinschgau = sharedData('dem', 'vinschgau-utm32n-250m.tif');
if (vinschgau) {
  const alpine = seededRandom(46);
  compareWithSplat({
    name: 'Vinschgau (real alpine DEM)',
    writeGeoTiff: (dir) => {
      const copy = join(dir, 'vinschgau.tif'); // the shared folder is read-only; GDAL writes beside its input
      copyFileSync(vinschgau, copy);
      return copy;
    },
    tile: [46, 10],
    tx: [46.66, 10.7],
    txHeight: 20,
    frequencyMhz: 300,
    receivers: Array.from({ length: 40 }, (_, i) => [
      Number((i * 9 + alpine() * 5).toFixed(1)),
      Number((2 + alpine() * 17).toFixed(2)),
    ]),
    perPointDb: null,
    held: false,
  });
} else {
  test.skip('Vinschgau (real alpine DEM) against SPLAT!: needs ../shared/data', () => {});
}

test.after(() => {
  for (const work of works) work.remove();
});
test.run();
