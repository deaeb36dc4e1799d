import { ItmParameterError } from './itm-parameter-error.ts';
import type { ItmParams, TerrainProfile } from './itm-types.ts';
import { ITM_CLIMATES, ITM_POLARIZATIONS, ITM_VARIABILITY_MODES, type ItmWarning } from './itm-vocabulary.ts';

/**
 * Throws an ItmParameterError naming the first ITM input out of the model's range (the reference's
 * ValidateInputs): antenna heights 0.5–3000 m, frequency 20–20 000 MHz, refractivity 250–400
 * N-units, permittivity ≥ 1, conductivity > 0, quantiles strictly between 0 and 100 %, known
 * climate, polarization and variability mode. Returns the warnings for inputs inside the limits but
 * outside the ranges ITM was fitted on (heights 1–1000 m, frequency 40 MHz – 10 GHz).
 */
export function assertItmParams(params: ItmParams): ItmWarning[] {
  const warnings: ItmWarning[] = [];
  for (const [field, warning] of [
    ['txHeight', 'tx_terminal_height'],
    ['rxHeight', 'rx_terminal_height'],
  ] as const) {
    const h = params[field];
    if (!(h >= 0.5 && h <= 3000)) throw new ItmParameterError(field, `antenna height must be 0.5–3000 m, got ${h}`);
    if (h < 1 || h > 1000) warnings.push(warning);
  }
  if (!ITM_CLIMATES.includes(params.climate)) {
    throw new ItmParameterError('climate', `must be one of ${ITM_CLIMATES.join(', ')}, got ${params.climate}`);
  }
  const n0 = params.refractivity;
  if (!(n0 >= 250 && n0 <= 400)) throw new ItmParameterError('refractivity', `must be 250–400 N-units, got ${n0}`);
  const f = params.frequencyMhz;
  if (!(f >= 20 && f <= 20000)) throw new ItmParameterError('frequencyMhz', `must be 20–20 000 MHz, got ${f}`);
  if (f < 40 || f > 10000) warnings.push('frequency');
  if (!ITM_POLARIZATIONS.includes(params.polarization)) {
    throw new ItmParameterError('polarization', `must be horizontal or vertical, got ${params.polarization}`);
  }
  const epsilon = params.permittivity;
  if (!(epsilon >= 1 && Number.isFinite(epsilon))) {
    throw new ItmParameterError('permittivity', `relative permittivity must be ≥ 1, got ${epsilon}`);
  }
  const sigma = params.conductivity;
  if (!(sigma > 0 && Number.isFinite(sigma))) {
    throw new ItmParameterError('conductivity', `must be > 0 S/m, got ${sigma}`);
  }
  if (!ITM_VARIABILITY_MODES.includes(params.variabilityMode)) {
    throw new ItmParameterError(
      'variabilityMode',
      `must be one of ${ITM_VARIABILITY_MODES.join(', ')}, ` + `got ${params.variabilityMode}`,
    );
  }
  for (const field of ['situation', 'time', 'location'] as const) {
    const q = params[field];
    if (!(q > 0 && q < 100)) {
      throw new ItmParameterError(field, `quantile must be strictly between 0 and 100 %, got ${q}`);
    }
  }
  return warnings;
}

/** Throws an ItmParameterError (field 'profile') unless the profile has ≥ 2 finite points, spacing > 0. */
export function assertTerrainProfile(profile: TerrainProfile): void {
  const { elevations, spacing } = profile;
  const length = profile.length ?? elevations.length;
  if (!(spacing > 0 && Number.isFinite(spacing))) {
    throw new ItmParameterError('profile', `point spacing must be positive metres, got ${spacing}`);
  }
  if (!(Number.isInteger(length) && length >= 2 && length <= elevations.length)) {
    throw new ItmParameterError('profile', `needs 2 to ${elevations.length} points, got ${length}`);
  }
  for (let i = 0; i < length; i++) {
    if (!Number.isFinite(elevations[i])) {
      throw new ItmParameterError('profile', `elevation ${i} is not a finite number (nodata on the path?)`);
    }
  }
}
