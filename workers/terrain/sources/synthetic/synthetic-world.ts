// Fixed dimensions of the synthetic world. Lattice cells are powers of two of a degree so that
// 360° holds a whole number of them: the lattices wrap cleanly at the antimeridian.

/** Settlement / road-junction lattice: one jittered node per 1/16° cell (~7 km north-south). */
export const SETTLEMENT_CELL_DEGREES = 1 / 16;
export const SETTLEMENT_COLUMNS = 360 * 16;

/** Soil polygon lattice: 1/64° cells (~1.7 km north-south) with jittered shared corners. */
export const SOIL_CELL_DEGREES = 1 / 64;
export const SOIL_COLUMNS = 360 * 64;

/** No settlement, road or soil cell beyond this latitude (inside the Web Mercator square). */
export const MAX_SYNTHETIC_LATITUDE = 84;

/** Metres per degree of latitude and (at the equator) of longitude, for local distances. */
export const METERS_PER_DEGREE = 111_320;

/** Version of the generator: part of every synthetic fingerprint, bump on any change of output. */
export const SYNTHETIC_GENERATOR_VERSION = 2;
