// A lon/lat point as 3-D coordinates (km) on a sphere of the Earth's mean radius: where the noise
// of the synthetic world is sampled. Computed once per point and shared by every noise field.

export interface SpherePoint {
  x: number;
  y: number;
  z: number;
}

const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

export function spherePoint(lon: number, lat: number): SpherePoint {
  const cosLat = Math.cos(lat * RAD);
  return {
    x: EARTH_RADIUS_KM * cosLat * Math.cos(lon * RAD),
    y: EARTH_RADIUS_KM * cosLat * Math.sin(lon * RAD),
    z: EARTH_RADIUS_KM * Math.sin(lat * RAD),
  };
}
