import type {
  ItmClimate,
  ItmPolarization,
  ItmPropagationMode,
  ItmVariabilityMode,
  ItmWarning,
} from './itm-vocabulary.ts';

/**
 * A terrain profile from the transmitter (index 0) to the receiver (last index): ground elevations
 * in metres above sea level, equally spaced `spacing` ground metres apart (ITM's "pfl" without its
 * two header numbers). At least 2 points.
 */
export interface TerrainProfile {
  elevations: ArrayLike<number>;
  spacing: number;
  /** Use only the first `length` elevations (default all): a path's prefix without copying it. */
  length?: number;
}

/** Inputs of ITM point-to-point mode besides the profile. Units in the names' comments. */
export interface ItmParams {
  /** Transmitter antenna height above the ground, metres (0.5–3000). */
  txHeight: number;
  /** Receiver antenna height above the ground, metres (0.5–3000). */
  rxHeight: number;
  /** Carrier frequency, MHz (20–20 000). */
  frequencyMhz: number;
  polarization: ItmPolarization;
  climate: ItmClimate;
  /** Surface refractivity at sea level N₀, N-units (250–400; 301 is the usual continental value). */
  refractivity: number;
  /** Relative permittivity of the ground εr (≥ 1; 15 for average ground). */
  permittivity: number;
  /** Ground conductivity σ, S/m (> 0; 0.005 for average ground). */
  conductivity: number;
  variabilityMode: ItmVariabilityMode;
  /** Leave location variability out (ITM's mdvar + 10), e.g. for a coverage map of fixed receivers. */
  eliminateLocationVariability?: boolean;
  /** Leave direct situation variability out (mdvar + 20), as for interference studies. */
  eliminateSituationVariability?: boolean;
  /** Time, location and situation quantiles, percent (strictly between 0 and 100; 50 = median). */
  time: number;
  location: number;
  situation: number;
}

/** The geometry ITM derives from a profile (horizons, effective heights, terrain irregularity). */
export interface ItmPathGeometry {
  /** Path length, metres. */
  distance: number;
  /** Horizon elevation angles at the transmitter and receiver, radians. */
  horizonAngles: [number, number];
  /** Horizon distances from the transmitter and receiver, metres. */
  horizonDistances: [number, number];
  /** Effective antenna heights, metres. */
  effectiveHeights: [number, number];
  /** Terrain irregularity Δh, metres (interdecile range of the terrain about a straight fit). */
  terrainIrregularity: number;
}

export interface ItmResult {
  /** Basic transmission loss, dB (free-space loss plus the attenuation at the requested quantiles). */
  lossDb: number;
  mode: ItmPropagationMode;
  warnings: ItmWarning[];
  /** Reference (median) attenuation relative to free space, dB. */
  referenceAttenuationDb: number;
  freeSpaceLossDb: number;
  /** Surface refractivity Nₛ at the path's mean height, N-units. */
  surfaceRefractivity: number;
  geometry: ItmPathGeometry;
}
