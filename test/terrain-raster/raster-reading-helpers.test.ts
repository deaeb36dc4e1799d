import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chooseOverviewLevel } from '../../workers/terrain/sources/raster/choose-overview-level.ts';
import { parseGdalNodata } from '../../workers/terrain/sources/raster/parse-gdal-nodata.ts';

test('GDAL_NODATA tag text', () => {
  assert.is(parseGdalNodata('-32768\u0000'), -32768);
  assert.is(parseGdalNodata('-3.39999999999999996e+38'), -3.4e38);
  assert.is(Math.fround(parseGdalNodata('-3.4e+38')!), Math.fround(-3.3999999521443642e38));
  assert.ok(Number.isNaN(parseGdalNodata('nan')!));
  assert.is(parseGdalNodata('-inf'), -Infinity);
  assert.is(parseGdalNodata(undefined), null);
  assert.is(parseGdalNodata(' \u0000'), null);
  assert.throws(() => parseGdalNodata('none'), /not a number/);
});

test('overview choice: coarsest level still at least as fine as the target', () => {
  const widths = [4096, 2048, 1024, 512];
  assert.is(chooseOverviewLevel(widths, 0.8), 0, 'upsampling reads full resolution');
  assert.is(chooseOverviewLevel(widths, 1.9), 0);
  assert.is(chooseOverviewLevel(widths, 2), 1);
  assert.is(chooseOverviewLevel(widths, 2.6), 1);
  assert.is(chooseOverviewLevel(widths, 7.99), 2);
  assert.is(chooseOverviewLevel(widths, 100), 3);
  assert.is(chooseOverviewLevel([4097, 2049], 2), 1, 'odd widths (2049 = ceil(4097/2)) still count as 2x');
  assert.is(chooseOverviewLevel([1000], 50), 0);
  assert.throws(() => chooseOverviewLevel([], 2), /at least one level/);
});

test.run();
