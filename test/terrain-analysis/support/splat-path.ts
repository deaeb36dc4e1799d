// The terrain profile SPLAT! 1.4.2 hands to its ITM, rebuilt here so NTIA's reference ITM can be fed
// the same profile (ntia-itm-oracle.ts): a transcription of SPLAT!'s ReadPath (great-circle steps
// on its 3959-mile sphere, the nearest 3″ sample of the .sdf at each step, the destination appended)
// and of PathReport, whose printed "Longley-Rice path loss" is the ITM loss of its last loop pass,
// y = path.length − 2, over elev[0] = y − 1 intervals: the profile stops two path points before the
// receiver and stands the receiver's antenna on the ground there. Constants as in splat.cpp (its
// DEG2RAD is 1.74532925199e-02, not π/180); C's rint rounds halves to even.
import type { TerrainProfile } from '../../../domain/terrain-analysis/itm/itm-types.ts';
import { SRTM3_PER_DEGREE, type SplatSite, type SrtmTile } from './splat.ts';

const PI = 3.141592653589793;
const TWOPI = 6.283185307179586;
const HALFPI = 1.570796326794896;
const DEG2RAD = 1.74532925199e-2;
const METERS_PER_MILE = 1609.344;
const METERS_PER_FOOT = 0.3048;
const SAMPLES_PER_RADIAN = 68755.0;

/** A site as SPLAT! holds it: west longitude 0–360, antenna height in feet as a C float. */
interface SplatPoint {
  lat: number;
  lon: number;
}

/** SPLAT!'s path: great-circle points from the transmitter, their elevations (feet) and distances (miles). */
export interface SplatPath {
  lat: number[];
  lon: number[];
  elevationFeet: number[];
  distanceMiles: number[];
}

function rint(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** The value of `value` after `sscanf("%f")` and `*= 3.28084` into a C float (LoadQTH, heights in metres). */
export function splatAntennaFeet(metres: number): number {
  return Math.fround(Math.fround(metres) * 3.28084);
}

/** SPLAT!'s antenna height as its ITM receives it, metres. */
export function splatAntennaMetres(metres: number): number {
  return splatAntennaFeet(metres) * METERS_PER_FOOT;
}

function toSplatPoint(site: Pick<SplatSite, 'lat' | 'lon'>): SplatPoint {
  // LoadQTH reads the .qth that splat.ts writes: 8 decimals, west longitude.
  const lat = Number(site.lat.toFixed(8));
  let lon = Number((360 - site.lon).toFixed(8));
  if (lon < 0) lon += 360;
  return { lat, lon };
}

function lonDiff(lon1: number, lon2: number): number {
  let diff = lon1 - lon2;
  if (diff <= -180) diff += 360;
  if (diff >= 180) diff -= 360;
  return diff;
}

function arccos(x: number, y: number): number {
  if (y > 0) return Math.acos(x / y);
  if (y < 0) return PI + Math.acos(x / y);
  return 0;
}

function distanceMiles(a: SplatPoint, b: SplatPoint): number {
  const lat1 = a.lat * DEG2RAD,
    lon1 = a.lon * DEG2RAD,
    lat2 = b.lat * DEG2RAD,
    lon2 = b.lon * DEG2RAD;
  return 3959 * Math.acos(Math.sin(lat1) * Math.sin(lat2) + Math.cos(lat1) * Math.cos(lat2) * Math.cos(lon1 - lon2));
}

function azimuthDegrees(source: SplatPoint, destination: SplatPoint): number {
  const destLat = destination.lat * DEG2RAD,
    destLon = destination.lon * DEG2RAD;
  const srcLat = source.lat * DEG2RAD,
    srcLon = source.lon * DEG2RAD;
  const beta = Math.acos(
    Math.sin(srcLat) * Math.sin(destLat) + Math.cos(srcLat) * Math.cos(destLat) * Math.cos(srcLon - destLon),
  );
  const num = Math.sin(destLat) - Math.sin(srcLat) * Math.cos(beta);
  const den = Math.cos(srcLat) * Math.sin(beta);
  const fraction = Math.min(Math.max(num / den, -1), 1);
  let azimuth = Math.acos(fraction);
  let diff = destLon - srcLon;
  if (diff <= -PI) diff += TWOPI;
  if (diff >= PI) diff -= TWOPI;
  if (diff > 0) azimuth = TWOPI - azimuth;
  return azimuth / DEG2RAD;
}

/** GetElevation: feet, from the nearest sample of the tile's .sdf (northern row and eastern column omitted). */
function elevationFeet(tile: SrtmTile, point: SplatPoint): number {
  const maxWest = (360 - tile.lon) % 360;
  const x = rint(SRTM3_PER_DEGREE * (point.lat - tile.lat));
  const y = SRTM3_PER_DEGREE - 1 - rint(SRTM3_PER_DEGREE * lonDiff(maxWest, point.lon));
  if (!(x >= 0 && x < SRTM3_PER_DEGREE && y >= 0 && y < SRTM3_PER_DEGREE)) return -5000;
  // srtm2sdf wrote .hgt row 1200 − x (from the north), column 1199 − y (from the west) as data[x][y].
  const row = SRTM3_PER_DEGREE - x,
    col = SRTM3_PER_DEGREE - 1 - y;
  return 3.28084 * tile.data[row * (SRTM3_PER_DEGREE + 1) + col];
}

/** ReadPath(source, destination) of SPLAT! 1.4.2 over one SRTM-3 tile (ppd 1200). */
export function splatReadPath(
  tile: SrtmTile,
  tx: Pick<SplatSite, 'lat' | 'lon'>,
  rx: Pick<SplatSite, 'lat' | 'lon'>,
): SplatPath {
  const source = toSplatPoint(tx),
    destination = toSplatPoint(rx);
  const path: SplatPath = { lat: [], lon: [], elevationFeet: [], distanceMiles: [] };
  const lat1 = source.lat * DEG2RAD,
    lon1 = source.lon * DEG2RAD;
  const lat2End = destination.lat * DEG2RAD,
    lon2End = destination.lon * DEG2RAD;
  const azimuth = azimuthDegrees(source, destination) * DEG2RAD;
  const total = distanceMiles(source, destination);
  if (!(total > 30 / SRTM3_PER_DEGREE)) throw new Error('SPLAT! path shorter than half a pixel');
  const dx = SAMPLES_PER_RADIAN * Math.acos(Math.cos(lon1 - lon2End));
  const dy = SAMPLES_PER_RADIAN * Math.acos(Math.cos(lat1 - lat2End));
  const milesPerSample = total / Math.sqrt(dx * dx + dy * dy);
  for (let c = 0, distance = 0; distance <= total; c++, distance = milesPerSample * c) {
    const beta = distance / 3959;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(beta) + Math.cos(azimuth) * Math.sin(beta) * Math.cos(lat1));
    const num = Math.cos(beta) - Math.sin(lat1) * Math.sin(lat2);
    const den = Math.cos(lat1) * Math.cos(lat2);
    let lon2: number;
    if (azimuth === 0 && beta > HALFPI - lat1) lon2 = lon1 + PI;
    else if (azimuth === HALFPI && beta > HALFPI + lat1) lon2 = lon1 + PI;
    else if (Math.abs(num / den) > 1) lon2 = lon1;
    else lon2 = PI - azimuth >= 0 ? lon1 - arccos(num, den) : lon1 + arccos(num, den);
    while (lon2 < 0) lon2 += TWOPI;
    while (lon2 > TWOPI) lon2 -= TWOPI;
    const point = { lat: lat2 / DEG2RAD, lon: lon2 / DEG2RAD };
    path.lat.push(point.lat);
    path.lon.push(point.lon);
    path.elevationFeet.push(elevationFeet(tile, point));
    path.distanceMiles.push(distance);
  }
  path.lat.push(destination.lat);
  path.lon.push(destination.lon);
  path.elevationFeet.push(elevationFeet(tile, destination));
  path.distanceMiles.push(total);
  return path;
}

/**
 * The profile PathReport's last ITM call gets (its printed loss): y = path.length − 2, elev[0] =
 * y − 1 intervals of path.distance[y] − path.distance[y − 1] miles, elevations of path points
 * 0 … y − 1 (no clutter): it ends two path points before the receiver.
 */
export function splatReportProfile(path: SplatPath): TerrainProfile {
  const y = path.distanceMiles.length - 2;
  const elevations = new Float64Array(y);
  for (let i = 0; i < y; i++) elevations[i] = METERS_PER_FOOT * path.elevationFeet[i];
  return { elevations, spacing: METERS_PER_MILE * (path.distanceMiles[y] - path.distanceMiles[y - 1]) };
}

/**
 * SPLAT!'s sampling carried to the receiver: path points 0 … y − 1 as in splatReportProfile, then
 * the receiver's own sample (the appended destination), the y intervals spread evenly over the
 * whole great-circle distance.
 */
export function splatProfileToReceiver(path: SplatPath): TerrainProfile {
  const length = path.distanceMiles.length;
  const y = length - 2;
  const elevations = new Float64Array(y + 1);
  for (let i = 0; i < y; i++) elevations[i] = METERS_PER_FOOT * path.elevationFeet[i];
  elevations[y] = METERS_PER_FOOT * path.elevationFeet[length - 1];
  return { elevations, spacing: (METERS_PER_MILE * path.distanceMiles[length - 1]) / y };
}
