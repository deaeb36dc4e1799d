// Longley–Rice Irregular Terrain Model (ITM 1.2.2), point-to-point mode, after Hufford, "The ITS
// Irregular Terrain Model, version 1.2.2: The Algorithm" and NTIA/ITS's public-domain reference
// implementation, reproducing its published test cases (test/terrain-analysis/itm-*.test.ts).
//
// Model limits: 20 MHz – 20 GHz (fitted 40 MHz – 10 GHz), antennas 0.5–3000 m (fitted 1–1000 m),
// paths of 1–2000 km (shorter paths answer with a warning); a statistical model of median terrain
// effects, not of individual buildings or vegetation; no clutter or antenna patterns.
import { assertItmParams, assertTerrainProfile } from './assert-itm-params.ts';
import type { ItmParams, ItmResult, TerrainProfile } from './itm-types.ts';
import { predictItmLoss } from './predict-itm-loss.ts';

/**
 * Basic transmission loss (dB) between antennas `txHeight` and `rxHeight` metres above the ends of
 * `profile` (transmitter first), with the propagation mode, the warnings, and the intermediate
 * values the reference publishes. Invalid inputs throw an ItmParameterError naming the field.
 */
export function itmPointToPointLoss(profile: TerrainProfile, params: ItmParams): ItmResult {
  assertTerrainProfile(profile);
  const warnings = assertItmParams(params);
  return predictItmLoss(profile, params, warnings);
}
