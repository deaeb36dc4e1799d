import { test } from 'uvu';
import * as assert from 'uvu/assert';
import proj4 from 'proj4';
import { crsFromGeoKeys } from '../../../../../workers/terrain/sources/raster/crs-from-geo-keys.ts';
import { SourceError } from '../../../../../workers/terrain/sources/source-provider.ts';

const rejects = (fn: () => unknown, pattern: RegExp) => {
  try {
    fn();
  } catch (error) {
    assert.instance(error, SourceError);
    assert.is((error as SourceError).code, 'INVALID_SOURCE_DATA');
    assert.match((error as Error).message, pattern);
    return;
  }
  assert.unreachable('expected INVALID_SOURCE_DATA');
};

test('geographic and projected EPSG codes from the GeoKeys', () => {
  assert.equal(crsFromGeoKeys({ GTModelTypeGeoKey: 2, GeographicTypeGeoKey: 4326 }, 'f'), {
    epsg: 4326,
    kind: 'geographic',
    proj4: '+proj=longlat +datum=WGS84 +no_defs',
  });
  const utm = crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 32632 }, 'f');
  assert.is(utm.kind, 'projected');
  assert.is(utm.proj4, '+proj=utm +zone=32 +datum=WGS84 +units=m +no_defs');
  assert.match(crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 32733 }, 'f').proj4, /\+zone=33 \+south/);
  assert.is(crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 3857 }, 'f').kind, 'web-mercator');
  assert.is(crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 25832 }, 'f').kind, 'projected');
  // A user-defined geographic CRS on the WGS 84 ellipsoid (common in exports) reads as EPSG:4326.
  assert.is(
    crsFromGeoKeys(
      {
        GTModelTypeGeoKey: 2,
        GeographicTypeGeoKey: 32767,
        GeogSemiMajorAxisGeoKey: 6378137,
        GeogInvFlatteningGeoKey: 298.257223563,
      },
      'f',
    ).epsg,
    4326,
  );
});

test('UTM from the GeoKeys projects like PROJ (gdaltransform)', () => {
  const crs = crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 32632 }, 'f');
  // echo '10.7 46.65' | gdaltransform -s_srs EPSG:4326 -t_srs EPSG:32632 -> 630083.964512646 5167674.60060559
  const [x, y] = proj4('+proj=longlat +datum=WGS84 +no_defs', crs.proj4).forward([10.7, 46.65]);
  assert.ok(Math.abs(x - 630083.964512646) < 0.001, `${x}`);
  assert.ok(Math.abs(y - 5167674.60060559) < 0.001, `${y}`);
});

test('a code registered with proj4 by the application is accepted', () => {
  proj4.defs(
    'EPSG:31287',
    '+proj=lcc +lat_0=47.5 +lon_0=13.3333333333333 +lat_1=49 +lat_2=46 +x_0=400000 +y_0=400000 +ellps=bessel +units=m ' +
      '+no_defs',
  );
  const crs = crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 31287 }, 'f');
  assert.equal(crs, { epsg: 31287, kind: 'projected', proj4: 'EPSG:31287' });
});

test('unknown, user-defined or missing CRSs are INVALID_SOURCE_DATA naming the file', () => {
  rejects(
    () => crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 2056 }, '/data/swiss.tif'),
    /\/data\/swiss\.tif: CRS EPSG:2056 is unknown.*gdalwarp/,
  );
  rejects(
    () => crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 32767 }, 'f'),
    /user-defined projected CRS/,
  );
  rejects(
    () =>
      crsFromGeoKeys({ GTModelTypeGeoKey: 2, GeographicTypeGeoKey: 32767, GeogSemiMajorAxisGeoKey: 6377397.155 }, 'f'),
    /not on WGS 84/,
  );
  rejects(() => crsFromGeoKeys(null, 'f'), /no GeoTIFF georeferencing/);
  rejects(() => crsFromGeoKeys({ GTModelTypeGeoKey: 3 }, 'f'), /model type 3/);
});

test.run();
