// Krüger's series for the transverse Mercator on the WGS 84 ellipsoid to third order in the third
// flattening n (as in Karney 2011, eq. 35–36 truncated), accurate to a few millimetres within a UTM
// zone — far below a printed grid line. Shared by lonLatToUtm and utmToLonLat.

const WGS84_A = 6378137;
const WGS84_F = 1 / 298.257223563;
const N = WGS84_F / (2 - WGS84_F);

/** UTM scale on the central meridian and false easting (metres). */
export const UTM_K0 = 0.9996;
export const UTM_FALSE_EASTING = 500000;
/** The southern hemisphere's false northing; MGRS letters and digits are the same with or without it. */
export const UTM_SOUTH_FALSE_NORTHING = 10000000;

/** Third flattening n and the rectifying radius A. */
export const UTM_N = N;
export const UTM_RECTIFYING_RADIUS = (WGS84_A / (1 + N)) * (1 + N ** 2 / 4 + N ** 4 / 64);

/** Forward (α), inverse (β) and latitude (δ) coefficients, index j − 1. */
export const UTM_ALPHA = [
  N / 2 - (2 * N ** 2) / 3 + (5 * N ** 3) / 16,
  (13 * N ** 2) / 48 - (3 * N ** 3) / 5,
  (61 * N ** 3) / 240,
];
export const UTM_BETA = [N / 2 - (2 * N ** 2) / 3 + (37 * N ** 3) / 96, N ** 2 / 48 + N ** 3 / 15, (17 * N ** 3) / 480];
export const UTM_DELTA = [
  2 * N - (2 * N ** 2) / 3 - 2 * N ** 3,
  (7 * N ** 2) / 3 - (8 * N ** 3) / 5,
  (56 * N ** 3) / 15,
];

/** Longitude of zone `zone`'s central meridian, degrees. */
export const utmCentralMeridian = (zone: number): number => zone * 6 - 183;
