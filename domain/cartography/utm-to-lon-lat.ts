import {
  UTM_BETA,
  UTM_DELTA,
  UTM_FALSE_EASTING,
  UTM_K0,
  UTM_RECTIFYING_RADIUS,
  utmCentralMeridian,
} from './utm-series.ts';

/** Inverse of lonLatToUtm: zone, easting and equator-based northing (metres) to WGS 84 [lon, lat] degrees. */
export function utmToLonLat(zone: number, easting: number, northing: number): [number, number] {
  const xi = northing / (UTM_K0 * UTM_RECTIFYING_RADIUS);
  const eta = (easting - UTM_FALSE_EASTING) / (UTM_K0 * UTM_RECTIFYING_RADIUS);
  let xiPrime = xi;
  let etaPrime = eta;
  UTM_BETA.forEach((beta, i) => {
    const k = 2 * (i + 1);
    xiPrime -= beta * Math.sin(k * xi) * Math.cosh(k * eta);
    etaPrime -= beta * Math.cos(k * xi) * Math.sinh(k * eta);
  });
  const chi = Math.asin(Math.sin(xiPrime) / Math.cosh(etaPrime));
  let phi = chi;
  UTM_DELTA.forEach((delta, i) => {
    phi += delta * Math.sin(2 * (i + 1) * chi);
  });
  const dLambda = Math.atan2(Math.sinh(etaPrime), Math.cos(xiPrime));
  return [utmCentralMeridian(zone) + (dLambda * 180) / Math.PI, (phi * 180) / Math.PI];
}
