import {
  UTM_ALPHA,
  UTM_FALSE_EASTING,
  UTM_K0,
  UTM_N,
  UTM_RECTIFYING_RADIUS,
  utmCentralMeridian,
} from './utm-series.ts';

/**
 * WGS 84 [lon, lat] (degrees) to [easting, northing] in metres in UTM zone `zone` (which need not be
 * the point's own zone: a map draws one zone's grid across its whole face). The northing is counted
 * from the equator, negative in the south (add UTM_SOUTH_FALSE_NORTHING for the printed southern
 * value): one formula across the equator, and MGRS letters and digits are unchanged by the 10 000 km.
 */
export function lonLatToUtm(lon: number, lat: number, zone: number): [number, number] {
  const phi = (lat * Math.PI) / 180;
  const dLambda = ((lon - utmCentralMeridian(zone)) * Math.PI) / 180;
  const e2n = (2 * Math.sqrt(UTM_N)) / (1 + UTM_N);
  const sinPhi = Math.sin(phi);
  const t = Math.sinh(Math.atanh(sinPhi) - e2n * Math.atanh(e2n * sinPhi));
  const xiPrime = Math.atan2(t, Math.cos(dLambda));
  const etaPrime = Math.atanh(Math.sin(dLambda) / Math.sqrt(1 + t * t));
  let xi = xiPrime;
  let eta = etaPrime;
  UTM_ALPHA.forEach((alpha, i) => {
    const k = 2 * (i + 1);
    xi += alpha * Math.sin(k * xiPrime) * Math.cosh(k * etaPrime);
    eta += alpha * Math.cos(k * xiPrime) * Math.sinh(k * etaPrime);
  });
  return [UTM_FALSE_EASTING + UTM_K0 * UTM_RECTIFYING_RADIUS * eta, UTM_K0 * UTM_RECTIFYING_RADIUS * xi];
}
