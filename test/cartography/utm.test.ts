import { test } from 'uvu';
import * as assert from 'uvu/assert';
import proj4 from 'proj4';
import { lonLatToUtm } from '../../domain/cartography/lon-lat-to-utm.ts';
import { mgrsLatitudeBand } from '../../domain/cartography/mgrs-latitude-band.ts';
import { mgrsSquareLetters } from '../../domain/cartography/mgrs-square-letters.ts';
import { utmToLonLat } from '../../domain/cartography/utm-to-lon-lat.ts';
import { utmZoneOfLonLat } from '../../domain/cartography/utm-zone-of-lon-lat.ts';
import { mgrs } from './support/map-fixtures.ts';

/** 400 points spread over the MGRS area (80° S – 84° N), deterministic. */
const points: [number, number][] = Array.from({ length: 400 }, (_, i) => [
  -179.95 + ((i * 7919) % 3599) / 10,
  -79.9 + ((i * 104729) % 1639) / 10,
]);

test('lon/lat to UTM agrees with proj4 (+proj=utm, WGS 84) to a millimetre', () => {
  let worst = 0;
  for (const [lon, lat] of points) {
    const zone = utmZoneOfLonLat(lon, lat);
    const [easting, northing] = lonLatToUtm(lon, lat, zone);
    const south = lat < 0;
    const [e, n] = proj4('WGS84', `+proj=utm +zone=${zone}${south ? ' +south' : ''} +datum=WGS84 +units=m`, [lon, lat]);
    worst = Math.max(worst, Math.hypot(e! - easting, n! - (northing + (south ? 10000000 : 0))));
  }
  assert.ok(worst < 0.001, `worst ${worst} m`);
});

test("a point 3° off its zone (a neighbour zone's grid drawn across a map) still agrees with proj4", () => {
  const [easting, northing] = lonLatToUtm(18.2, 45.8, 33);
  const [e, n] = proj4('WGS84', '+proj=utm +zone=33 +datum=WGS84 +units=m', [18.2, 45.8]);
  assert.ok(Math.hypot(e! - easting, n! - northing) < 0.001);
  assert.ok(easting > 700000);
});

test('UTM to lon/lat inverts the forward projection to 1e-8° (a millimetre)', () => {
  for (const [lon, lat] of points) {
    const zone = utmZoneOfLonLat(lon, lat);
    const [back, backLat] = utmToLonLat(zone, ...lonLatToUtm(lon, lat, zone));
    assert.ok(Math.abs(back - lon) < 1e-8 && Math.abs(backLat - lat) < 1e-8, `${lon}, ${lat}: ${back}, ${backLat}`);
  }
});

test('zones: 6° wide from 180° W, with the Norway and Svalbard exceptions', () => {
  assert.is(utmZoneOfLonLat(-180, 0), 1);
  assert.is(utmZoneOfLonLat(-174.0001, 0), 1);
  assert.is(utmZoneOfLonLat(15.95, 45.8), 33);
  assert.is(utmZoneOfLonLat(179.99, 10), 60);
  assert.is(utmZoneOfLonLat(5.3, 60.4), 32, 'Bergen lies in the widened 32V');
  assert.is(utmZoneOfLonLat(5.3, 55.9), 31, 'south of band V the rule is plain');
  assert.is(utmZoneOfLonLat(10, 78), 33, 'Svalbard: 33X spans 9°–21° E');
  assert.is(utmZoneOfLonLat(8.9, 78), 31);
  assert.is(utmZoneOfLonLat(40, 78), 37);
});

test('latitude bands, zones and 100 km square letters are those of the mgrs package', () => {
  for (const [lon, lat] of points) {
    const zone = utmZoneOfLonLat(lon, lat);
    const [easting, northing] = lonLatToUtm(lon, lat, zone);
    const expected = mgrs.forward([lon, lat], 0);
    const mine = `${zone}${mgrsLatitudeBand(lat)}${mgrsSquareLetters(zone, easting, northing)}`;
    assert.is(mine, expected, `${lon}, ${lat}`);
  }
  assert.is(mgrsLatitudeBand(84.5), null);
  assert.is(mgrsLatitudeBand(-80.5), null);
  assert.is(mgrsLatitudeBand(83.9), 'X');
  assert.is(mgrsSquareLetters(33, 99999, 5000000), null, 'west of the first column');
  assert.is(mgrsSquareLetters(33, 900000, 5000000), null, 'east of the eighth column');
});

test('square letters do not depend on the southern false northing (10 000 km = 5 row cycles)', () => {
  const [easting, northing] = lonLatToUtm(151.2, -33.86, 56);
  assert.ok(northing < 0);
  assert.is(mgrsSquareLetters(56, easting, northing), mgrsSquareLetters(56, easting, northing + 10000000));
  assert.is(mgrsSquareLetters(56, easting, northing), mgrs.forward([151.2, -33.86], 0).slice(3));
});

test.run();
