import { assertCellInside } from './assert-cell-inside.ts';
import { assertGroundRaster } from './assert-ground-raster.ts';
import { assertItmParams } from './itm/assert-itm-params.ts';
import { ItmParameterError } from './itm/itm-parameter-error.ts';
import type { ItmParams } from './itm/itm-types.ts';
import type { RfCoverageOptions, RfEmitter, RfReceiver } from './rf-coverage-types.ts';
import type { GroundRaster } from './types.ts';

/** Where each ITM parameter of a coverage request comes from, for error fields. */
const FIELD_OF: Partial<Record<keyof ItmParams, string>> = {
  txHeight: 'emitter.antennaHeight',
  rxHeight: 'receiver.antennaHeight',
  frequencyMhz: 'emitter.frequencyMhz',
  polarization: 'emitter.polarization',
  climate: 'options.climate',
  refractivity: 'options.refractivity',
  permittivity: 'options.permittivity',
  conductivity: 'options.conductivity',
  variabilityMode: 'options.variabilityMode',
  time: 'options.timePercent',
  location: 'options.locationPercent',
  situation: 'options.situationPercent',
};

/**
 * The ITM parameters of a coverage request with SPLAT!'s defaults filled in (continental temperate
 * climate, N₀ 301, average ground εr 15 and σ 0.005 S/m, vertical polarization, mobile variability
 * without location variability, median time and situation).
 */
export function rfItmParams(emitter: RfEmitter, receiver: RfReceiver, options: RfCoverageOptions): ItmParams {
  return {
    txHeight: emitter.antennaHeight,
    rxHeight: receiver.antennaHeight,
    frequencyMhz: emitter.frequencyMhz,
    polarization: emitter.polarization ?? 'vertical',
    climate: options.climate ?? 'continental_temperate',
    refractivity: options.refractivity ?? 301,
    permittivity: options.permittivity ?? 15,
    conductivity: options.conductivity ?? 0.005,
    variabilityMode: options.variabilityMode ?? 'mobile',
    eliminateLocationVariability: options.eliminateLocationVariability ?? true,
    time: options.timePercent ?? 50,
    location: options.locationPercent ?? 50,
    situation: options.situationPercent ?? 50,
  };
}

/**
 * An ItmParameterError about an ItmParams key re-addressed to the coverage request's field (e.g.
 * 'refractivity' → 'options.refractivity'); any other error unchanged.
 */
export function asRequestFieldError(error: unknown): unknown {
  if (!(error instanceof ItmParameterError)) return error;
  const field = FIELD_OF[error.field as keyof ItmParams];
  return field ? new ItmParameterError(field, error.message.slice(error.field.length + 2)) : error;
}

/**
 * Throws an ItmParameterError whose `field` is the request path of the first invalid input
 * ('emitter.frequencyMhz', 'receiver.sensitivityDbm', 'options.radiusMetres', 'emitter.cell', …):
 * the ITM ranges of assertItmParams, finite powers and gains, a positive finite radius, an emitter
 * cell inside the DEM and on data. For the request layer to answer 422 before starting a job.
 */
export function assertRfCoverageInput(
  dem: GroundRaster,
  emitter: RfEmitter,
  receiver: RfReceiver,
  options: RfCoverageOptions,
): void {
  assertGroundRaster(dem);
  try {
    assertItmParams(rfItmParams(emitter, receiver, options));
  } catch (error) {
    throw asRequestFieldError(error);
  }
  const finite: [string, number][] = [
    ['emitter.transmitPowerDbm', emitter.transmitPowerDbm],
    ['emitter.antennaGainDbi', emitter.antennaGainDbi],
    ['receiver.antennaGainDbi', receiver.antennaGainDbi],
    ['receiver.sensitivityDbm', receiver.sensitivityDbm],
  ];
  for (const [field, value] of finite) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new ItmParameterError(field, `must be a finite number, got ${value}`);
    }
  }
  const radius = options.radiusMetres;
  if (!(radius > 0 && Number.isFinite(radius))) {
    throw new ItmParameterError('options.radiusMetres', `must be positive metres, got ${radius}`);
  }
  try {
    assertCellInside(dem, emitter.cell, 'emitter cell');
  } catch (error) {
    throw new ItmParameterError('emitter.cell', (error as Error).message);
  }
  const ground = dem.data[emitter.cell.row * dem.width + emitter.cell.col];
  if (ground !== ground) throw new ItmParameterError('emitter.cell', 'the emitter stands on nodata');
}
