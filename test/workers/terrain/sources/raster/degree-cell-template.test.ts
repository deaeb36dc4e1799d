import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDegreeCellTemplate } from '../../../../../workers/terrain/sources/raster/degree-cell-template.ts';

test('SRTM-style names from the south-west corner of each cell', () => {
  const t = parseDegreeCellTemplate('/dem/{lat_prefix}{lat:02}{lon_prefix}{lon:03}.tif');
  assert.is(t.expand(46, 7), '/dem/N46E007.tif');
  assert.is(t.expand(-1, -1), '/dem/S01W001.tif');
  assert.is(t.expand(0, -180), '/dem/N00W180.tif');
  assert.is(t.expand(-34, 151), '/dem/S34E151.tif');
  assert.is(t.fixedPrefix, '/dem/');
  assert.ok(t.pattern.test('/dem/N46E007.tif'));
  assert.not.ok(t.pattern.test('/dem/N46E007.tif.aux.xml'));
  assert.not.ok(t.pattern.test('/dem/X46E007.tif'));
});

test('other products: Copernicus GLO-30, ALOS (3-digit latitude), lower-case prefixes, URLs', () => {
  const cop = parseDegreeCellTemplate(
    'https://host/Copernicus_DSM_COG_10_{lat_prefix}{lat:02}_00_{lon_prefix}{lon:03}_00_DEM.tif',
  );
  assert.is(cop.expand(46, 7), 'https://host/Copernicus_DSM_COG_10_N46_00_E007_00_DEM.tif');
  assert.is(
    parseDegreeCellTemplate('ALPSMLC30_{lat_prefix}{lat:03}{lon_prefix}{lon:03}_DSM.tif').expand(46, 7),
    'ALPSMLC30_N046E007_DSM.tif',
  );
  assert.is(
    parseDegreeCellTemplate('/x/{lat_prefix_lower}{lat}{lon_prefix_lower}{lon}.tif').expand(-5, 12),
    '/x/s5e12.tif',
  );
  assert.is(parseDegreeCellTemplate('/x/{lat_prefix}{lat}/{lon_prefix}{lon:03}.tif').fixedPrefix, '/x/');
});

test('bad templates and corners are rejected with a reason', () => {
  assert.throws(() => parseDegreeCellTemplate('/dem/{lat:02}{lon:03}.tif'), /needs \{lat_prefix\}/);
  assert.throws(() => parseDegreeCellTemplate('/dem/{lat_prefix}{lat}{lon_prefix}.tif'), /needs \{lon\}/);
  assert.throws(
    () => parseDegreeCellTemplate('/dem/{lat_prefix}{lat}{lon_prefix}{lon}{zoom}.tif'),
    /unknown placeholder \{zoom\}/,
  );
  assert.throws(() => parseDegreeCellTemplate('/dem/{lat_prefix:02}{lat}{lon_prefix}{lon}.tif'), /takes no width/);
  assert.throws(() => parseDegreeCellTemplate('/dem/{lat_prefix}{lat}{lon_prefix}{lon}.tif}'), /unmatched brace/);
  const t = parseDegreeCellTemplate('{lat_prefix}{lat}{lon_prefix}{lon}');
  assert.throws(() => t.expand(90, 0), /whole degrees/);
  assert.throws(() => t.expand(1.5, 0), /whole degrees/);
});

test.run();
