import type { ItmClimate, ItmPolarization, ItmVariabilityMode } from './itm/itm-vocabulary.ts';
import type { GridCell } from './types.ts';

/** A transmitter on the DEM. */
export interface RfEmitter {
  /** Cell of the DEM the antenna stands on (its centre). */
  cell: GridCell;
  /** Antenna height above the ground, metres (0.5–3000). */
  antennaHeight: number;
  /** Carrier frequency, MHz (20–20 000). */
  frequencyMhz: number;
  /** Transmitter output power, dBm (e.g. 37 dBm = 5 W). */
  transmitPowerDbm: number;
  /** Antenna gain towards the horizon, dBi (isotropic pattern assumed: no azimuth dependence). */
  antennaGainDbi: number;
  /** Default 'vertical'. */
  polarization?: ItmPolarization;
}

/** The receivers assumed in every cell. */
export interface RfReceiver {
  /** Antenna height above the ground, metres (0.5–3000). */
  antennaHeight: number;
  antennaGainDbi: number;
  /** Weakest usable signal, dBm: a cell is covered when its received power is at least this. */
  sensitivityDbm: number;
}

/** Radius and radio environment; everything but the radius has a default (SPLAT!'s defaults). */
export interface RfCoverageOptions {
  /** Cells whose centres lie within this many ground metres of the emitter are computed. */
  radiusMetres: number;
  /** Default 'continental_temperate'. */
  climate?: ItmClimate;
  /** N₀, N-units; default 301. */
  refractivity?: number;
  /** Ground εr; default 15 (average ground). */
  permittivity?: number;
  /** Ground σ, S/m; default 0.005. */
  conductivity?: number;
  /** Default 'mobile' with location variability left out (ITM mdvar 12, as SPLAT! uses). */
  variabilityMode?: ItmVariabilityMode;
  eliminateLocationVariability?: boolean;
  /** Percent of time the predicted signal is at least reached ("reliability"); default 50. */
  timePercent?: number;
  /** Percent of situations ("confidence"); default 50. */
  situationPercent?: number;
  /** Percent of locations; default 50 (irrelevant while location variability is left out). */
  locationPercent?: number;
}

export interface RfCoverageStatistics {
  /** Cells with a prediction (inside the radius, on data, with a nodata-free path). */
  cellsComputed: number;
  /** Of those, cells whose received power reaches the receiver's sensitivity. */
  cellsCovered: number;
  /** cellsCovered / cellsComputed (0 when nothing was computed). */
  coveredShare: number;
  /** Ground distance of the farthest covered cell centre from the emitter, metres. */
  maxRangeMetres: number;
  /** Strongest and weakest received power over the computed cells, dBm. */
  maxReceivedDbm: number;
  minReceivedDbm: number;
}

export interface RfCoverage {
  /** Received power per cell, dBm, row-major like the DEM; NaN where not computed. */
  receivedDbm: Float32Array;
  /** ITM basic transmission loss per cell, dB; NaN where not computed. */
  lossDb: Float32Array;
  statistics: RfCoverageStatistics;
}
