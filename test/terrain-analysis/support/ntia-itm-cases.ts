// NTIA/ITS's published ITM point-to-point test cases, from the public-domain reference repository
// github.com/NTIA/itm: tests/p2p.csv (inputs and expected basic transmission loss, 2 decimals) and
// tests/pfls.csv (one terrain profile per case, in ITM's pfl format: number of intervals, spacing in
// metres, then the elevations). Both are copied unchanged into ../fixtures/ntia-itm-{p2p,pfls}.csv.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ItmParams, TerrainProfile } from '../../../domain/terrain-analysis/itm/itm-types.ts';
import { ITM_CLIMATES, ITM_VARIABILITY_MODES } from '../../../domain/terrain-analysis/itm/itm-vocabulary.ts';

export interface NtiaItmCase {
  profile: TerrainProfile;
  params: ItmParams;
  /** The reference's A__db, dB, as published (rounded to 0.01 dB). */
  expectedLossDb: number;
}

const fixtures = join(import.meta.dirname, '..', 'fixtures');

export function ntiaItmCases(): NtiaItmCase[] {
  const profiles = readFileSync(join(fixtures, 'ntia-itm-pfls.csv'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(',').map(Number));
  const rows = readFileSync(join(fixtures, 'ntia-itm-p2p.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map(Number));
  return rows.map((row, i) => {
    const [txHeight, rxHeight, permittivity, conductivity, refractivity, frequencyMhz, pol, climate] = row;
    const [time, location, situation, mdvar, expectedLossDb] = row.slice(8);
    const pfl = profiles[i];
    if (pfl.length !== pfl[0] + 3) {
      throw new Error(`profile ${i} has ${pfl.length - 2} points, header says ${pfl[0] + 1}`);
    }
    return {
      profile: { elevations: Float64Array.from(pfl.slice(2)), spacing: pfl[1] },
      params: {
        txHeight,
        rxHeight,
        permittivity,
        conductivity,
        refractivity,
        frequencyMhz,
        polarization: pol === 1 ? 'vertical' : 'horizontal',
        climate: ITM_CLIMATES[climate - 1],
        time,
        location,
        situation,
        // mdvar: mode 0–3, + 10 without location variability, + 20 without situation variability.
        variabilityMode: ITM_VARIABILITY_MODES[mdvar % 10],
        eliminateLocationVariability: mdvar % 20 >= 10,
        eliminateSituationVariability: mdvar >= 20,
      },
      expectedLossDb,
    };
  });
}
