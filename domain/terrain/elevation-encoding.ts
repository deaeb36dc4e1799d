// Constants of the elevation PNG encoding of the OGC Tiles interface (service-interface.md,
// "Tile encodings" 1): meters = -10000 + (R·65536 + G·256 + B) · 0.1, alpha 0 = nodata.

/** Elevation of packed value 0, metres. */
export const ELEVATION_OFFSET_M = -10000;
/** Metres per step of the packed 24-bit value. */
export const ELEVATION_STEP_M = 0.1;
/** Largest packed value (R = G = B = 255). */
export const ELEVATION_MAX_PACKED = 0xffffff;
