// Distance in metres between two nearby lon/lat points on a local equirectangular plane: within
// a fraction of a percent of the geodesic over the few kilometres the synthetic world measures.
import { METERS_PER_DEGREE } from './synthetic-world.ts';

const RAD = Math.PI / 180;

export function localDistanceMeters(lon0: number, lat0: number, lon: number, lat: number): number {
  const dx = (lon - lon0) * METERS_PER_DEGREE * Math.cos(((lat0 + lat) / 2) * RAD);
  const dy = (lat - lat0) * METERS_PER_DEGREE;
  return Math.sqrt(dx * dx + dy * dy);
}
