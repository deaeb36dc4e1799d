// The vocabulary of the Irregular Terrain Model (Longley–Rice, ITM 1.2.2 as published by NTIA/ITS), declared
// once: radio climates, polarizations, variability modes, propagation modes and warnings. The HTTP layer
// derives its enums from these lists.

/** Radio climates in the order of ITM's climate codes 1–7 (Hufford, "The Algorithm", Table 5.1). */
export const ITM_CLIMATES = [
  'equatorial',
  'continental_subtropical',
  'maritime_subtropical',
  'desert',
  'continental_temperate',
  'maritime_temperate_over_land',
  'maritime_temperate_over_sea',
] as const;
export type ItmClimate = (typeof ITM_CLIMATES)[number];

/** Antenna polarization: ITM codes 0 (horizontal) and 1 (vertical). */
export const ITM_POLARIZATIONS = ['horizontal', 'vertical'] as const;
export type ItmPolarization = (typeof ITM_POLARIZATIONS)[number];

/**
 * Mode of variability, ITM's mdvar 0–3: how time, location and situation quantiles combine
 * (single message, accidental ["individual"], mobile, broadcast).
 */
export const ITM_VARIABILITY_MODES = ['single_message', 'accidental', 'mobile', 'broadcast'] as const;
export type ItmVariabilityMode = (typeof ITM_VARIABILITY_MODES)[number];

/** The region of the path by which ITM predicted the reference attenuation. */
export const ITM_PROPAGATION_MODES = ['line_of_sight', 'diffraction', 'troposcatter'] as const;
export type ItmPropagationMode = (typeof ITM_PROPAGATION_MODES)[number];

/**
 * Conditions under which ITM still answers but outside the ranges it was fitted on (the reference's
 * WARN__ flags, same meaning).
 */
export const ITM_WARNINGS = [
  'tx_terminal_height', // structural height outside 1–1000 m
  'rx_terminal_height',
  'frequency', // outside 40 MHz – 10 GHz
  'tx_horizon_angle', // |θ| > 200 mrad: small-angle approximation strained
  'rx_horizon_angle',
  'tx_horizon_distance_1', // horizon nearer than 1/10 of the smooth-earth horizon
  'rx_horizon_distance_1',
  'tx_horizon_distance_2', // horizon farther than 3× the smooth-earth horizon
  'rx_horizon_distance_2',
  'surface_refractivity', // Nₛ below 250 N-units
  'path_distance_too_small_1', // shorter than |hₑ₁ − hₑ₂| / 0.2
  'path_distance_too_small_2', // shorter than 1 km
  'path_distance_too_big_1', // longer than 1000 km
  'path_distance_too_big_2', // longer than 2000 km
  'extreme_variabilities', // a quantile beyond ±3.1 standard deviations
] as const;
export type ItmWarning = (typeof ITM_WARNINGS)[number];
