/**
 * Version of the raster reading and resampling code, part of every raster provider's fingerprint.
 * Bump it when a change alters the values a provider returns for the same file (resampling rule,
 * nodata handling, grid), so that cached products built by the old code are not reused.
 */
export const RASTER_READER_VERSION = 1;
