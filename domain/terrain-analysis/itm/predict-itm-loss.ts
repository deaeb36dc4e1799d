// The ITM point-to-point computation itself; see itm-point-to-point-loss.ts for the model and its limits.
import type { Complex } from './complex.ts';
import { complexDivide, complexSqrt } from './complex.ts';
import { freeSpaceLoss } from './free-space-loss.ts';
import type { ItmParams, ItmResult, TerrainProfile } from './itm-types.ts';
import type { ItmWarning } from './itm-vocabulary.ts';
import { pathGeometry } from './path-geometry.ts';
import { itmPathState } from './path-state.ts';
import { referenceAttenuation } from './reference-attenuation.ts';
import { variability } from './variability.ts';

/**
 * itmPointToPointLoss without its input checks, for callers that validated the parameters once and
 * build nodata-free profiles themselves (the coverage raster calls it once per cell). `warnings`
 * receives the model's warnings.
 */
export function predictItmLoss(profile: TerrainProfile, params: ItmParams, warnings: ItmWarning[]): ItmResult {
  const z = profile.elevations;
  const np = (profile.length ?? z.length) - 1;
  const { frequencyMhz } = params;
  // Surface refractivity at the mean height of the middle 80 % of the path.
  const p10 = Math.trunc(0.1 * np);
  let meanHeight = 0;
  for (let i = p10; i <= np - p10; i++) meanHeight += z[i];
  meanHeight /= np - 2 * p10 + 1;
  const ns = meanHeight === 0 ? params.refractivity : params.refractivity * Math.exp(-meanHeight / 9460);
  // Effective earth curvature (TN101 eq. 4.4, reworked), 157e-9 ≈ 1 / 6370 km being the actual earth's.
  const curvature = 157e-9 * (1 - 0.04665 * Math.exp(ns / 179.3));
  const heights = [params.txHeight, params.rxHeight] as const;
  const geometry = pathGeometry(z, profile.spacing, heights, curvature, np);
  const path = itmPathState({
    frequencyMhz,
    curvature,
    horizonAngles: geometry.horizonAngles,
    horizonDistances: geometry.horizonDistances,
    effectiveHeights: geometry.effectiveHeights,
    heights,
    terrainIrregularity: geometry.terrainIrregularity,
    groundImpedance: groundImpedance(params),
    surfaceRefractivity: ns,
  });
  const reference = referenceAttenuation(geometry.distance, path, warnings);
  const freeSpaceLossDb = freeSpaceLoss(geometry.distance, frequencyMhz);
  const attenuation = variability(
    {
      time: params.time,
      location: params.location,
      situation: params.situation,
      effectiveHeights: geometry.effectiveHeights,
      terrainIrregularity: geometry.terrainIrregularity,
      frequencyMhz,
      distance: geometry.distance,
      referenceAttenuation: reference.attenuation,
      climate: params.climate,
      mode: params.variabilityMode,
      eliminateLocationVariability: params.eliminateLocationVariability,
      eliminateSituationVariability: params.eliminateSituationVariability,
    },
    warnings,
  );
  return {
    lossDb: attenuation + freeSpaceLossDb,
    mode: reference.mode,
    warnings,
    referenceAttenuationDb: reference.attenuation,
    freeSpaceLossDb,
    surfaceRefractivity: ns,
    geometry,
  };
}

// The last ground constants and their impedance: a coverage raster asks for the same ones every cell.
// A pure function's memo, recomputed whenever one of its inputs differs.
const lastGround = {
  permittivity: NaN,
  conductivity: NaN,
  frequencyMhz: NaN,
  polarization: '',
  impedance: { re: 0, im: 0 } as Complex,
};

/** Ground transfer impedance from εr and σ: √(εr' − 1), divided by εr' for vertical polarization. */
function groundImpedance(params: ItmParams): Complex {
  const last = lastGround;
  if (
    params.permittivity !== last.permittivity ||
    params.conductivity !== last.conductivity ||
    params.frequencyMhz !== last.frequencyMhz ||
    params.polarization !== last.polarization
  ) {
    last.impedance = computeGroundImpedance(params);
    last.permittivity = params.permittivity;
    last.conductivity = params.conductivity;
    last.frequencyMhz = params.frequencyMhz;
    last.polarization = params.polarization;
  }
  return last.impedance;
}

function computeGroundImpedance(params: ItmParams): Complex {
  const relative = { re: params.permittivity, im: (18000 * params.conductivity) / params.frequencyMhz };
  const horizontal = complexSqrt({ re: relative.re - 1, im: relative.im });
  return params.polarization === 'vertical' ? complexDivide(horizontal, relative) : horizontal;
}
