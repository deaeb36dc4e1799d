import proj4 from 'proj4';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pixelCenterLonLat } from '../../../../../domain/terrain/pixel-center-lon-lat.ts';
import { crsFromGeoKeys } from '../../../../../workers/terrain/sources/raster/crs-from-geo-keys.ts';
import { tileSourceCoordinates } from '../../../../../workers/terrain/sources/raster/tile-source-coordinates.ts';

const tile = { z: 12, x: 2169, y: 1446 }; // Vinschgau, about 1.7° east of the UTM 32 central meridian

test('geographic sources get exact lon/lat of every pixel centre', () => {
  const crs = crsFromGeoKeys({ GTModelTypeGeoKey: 2, GeographicTypeGeoKey: 4326 }, 'f');
  const { x, y } = tileSourceCoordinates(tile, 256, crs);
  for (const [col, row] of [
    [0, 0],
    [255, 0],
    [17, 200],
    [255, 255],
  ]) {
    const [lon, lat] = pixelCenterLonLat(tile, col, row, 256);
    assert.is(x[row * 256 + col], lon);
    assert.ok(Math.abs(y[row * 256 + col] - lat) < 1e-12);
  }
});

test('projected sources: the control lattice matches per-pixel proj4 to far below a millimetre', () => {
  for (const epsg of [32632, 32633, 3035]) {
    const crs = crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: epsg }, 'f');
    const { x, y } = tileSourceCoordinates(tile, 256, crs);
    const exact = proj4('+proj=longlat +datum=WGS84 +no_defs', crs.proj4);
    let worst = 0;
    for (let row = 0; row < 256; row += 3) {
      for (let col = 0; col < 256; col += 5) {
        const [ex, ey] = exact.forward(pixelCenterLonLat(tile, col, row, 256));
        worst = Math.max(worst, Math.abs(ex - x[row * 256 + col]), Math.abs(ey - y[row * 256 + col]));
      }
    }
    // 0.01 m is a thousandth of the pixel of a 10 m source; gdalwarp's default allows 0.125 pixel.
    assert.ok(worst < 0.01, `EPSG:${epsg} worst deviation ${worst} m`);
  }
});

test('a tile on the far side of the globe never lands inside a UTM raster', () => {
  const crs = crsFromGeoKeys({ GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 32632 }, 'f');
  // 171°W is 180° from the zone's central meridian (9°E): transverse Mercator puts it beyond the
  // pole (northing > 10,000 km), outside any raster of the zone, or proj4 rejects it (NaN).
  const { y } = tileSourceCoordinates({ z: 12, x: 100, y: 1446 }, 256, crs);
  assert.ok(
    y.every((v) => Number.isNaN(v) || v > 1e7),
    'outside the 0..9,330 km northings of UTM 32N',
  );
});

test.run();
