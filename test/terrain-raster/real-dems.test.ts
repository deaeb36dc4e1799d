// Extra checks on the real DEMs of the shared data folder (test/support/shared-data.ts; skipped when
// it is absent, as in a fresh clone). Provenance in its README.md.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { slopeDegrees } from '../../domain/terrain/slope-degrees.ts';
import { tileBoundsMercator } from '../../domain/terrain/tile-bounds-mercator.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import { createGeoTiffFileProvider } from '../../workers/terrain/sources/raster/geotiff-file-provider.ts';
import { compareRasters } from './support/compare-rasters.ts';
import { gdaldem, gdalwarpTile, readRasterAsFloat32, tempDir } from './support/gdal.ts';
import { sharedData } from '../support/shared-data.ts';

const dallas = sharedData('dem', 'dallas-fortworth-3arcsec.tif');
const vinschgau = sharedData('dem', 'vinschgau-utm32n-250m.tif');

const work = tempDir('real-dems');

const checkAgainstGdalwarp = async (path: string, tile: TileAddress) => {
  const provider = createGeoTiffFileProvider('elevation', path);
  const raster = await provider.readTile(tile);
  await provider.close();
  const reference = gdalwarpTile(path, tileBoundsMercator(tile), 256, 'bilinear', work.dir);
  return { raster, comparison: compareRasters(raster.data, reference, 256) };
};

const withDallas = dallas ? test : test.skip;
const withVinschgau = vinschgau ? test : test.skip;

withDallas('Dallas-Fort Worth (EPSG:4326 Int16, nodata -32768): work tile matches gdalwarp', async () => {
  const { raster, comparison } = await checkAgainstGdalwarp(dallas!, { z: 12, x: 940, y: 1654 });
  assert.is(comparison.compared, 65536);
  assert.ok(comparison.maxDifference <= 0.5, `${comparison.maxDifference} m`);
  const valid = Array.from(raster.data);
  assert.ok(Math.min(...valid) >= 147 && Math.max(...valid) <= 298, "within the file's 147-298 m");
});

withDallas('Dallas edge tile: nodata outside the raster agrees with gdalwarp', async () => {
  // Tile 12/938/1652 straddles the raster's north-west corner (-97.485°E, 32.822°N).
  const { raster, comparison } = await checkAgainstGdalwarp(dallas!, { z: 12, x: 938, y: 1652 });
  assert.ok(raster.data.some((v) => Number.isNaN(v)) && raster.data.some((v) => !Number.isNaN(v)));
  assert.ok(comparison.maxDifference <= 0.5, `${comparison.maxDifference} m`);
  assert.is(comparison.nodataMismatchesAwayFromEdges, 0);
  assert.ok(comparison.nodataMismatches <= 256, `${comparison.nodataMismatches} edge pixels differ`);
});

withVinschgau('Vinschgau (UTM 32N Float32, nodata -3.4e38): work tiles match gdalwarp, nodata is NaN', async () => {
  // 2165/1447 straddles the raster's west edge and its nodata border (about 1,900 NaN pixels).
  for (const tile of [
    { z: 12, x: 2169, y: 1446 },
    { z: 12, x: 2165, y: 1447 },
  ]) {
    const { raster, comparison } = await checkAgainstGdalwarp(vinschgau!, tile);
    assert.ok(comparison.compared > 10000, `${comparison.compared}`);
    assert.ok(comparison.maxDifference <= 0.5, `${comparison.maxDifference} m`);
    assert.is(comparison.nodataMismatchesAwayFromEdges, 0);
    assert.not.ok(
      raster.data.some((v) => v < -1e30),
      'the -3.4e38 fill never leaks through',
    );
  }
});

withVinschgau('Vinschgau slope (250 m UTM grid) equals gdaldem slope', () => {
  const { width, height, data } = readRasterAsFloat32(vinschgau!);
  const padded = new Float32Array((width + 2) * (height + 2)).fill(NaN);
  for (let r = 0; r < height; r++) padded.set(data.subarray(r * width, (r + 1) * width), (r + 1) * (width + 2) + 1);
  const ours = slopeDegrees(
    { width, height, data: padded },
    { x: new Float64Array(height).fill(250), y: new Float64Array(height).fill(250) },
  );
  const reference = gdaldem('slope', vinschgau!, work.dir);
  const c = compareRasters(ours, reference, width, 0);
  assert.is(c.nodataMismatches, 0);
  assert.ok(c.maxDifference < 0.01, `${c.maxDifference}°`);
});

test.after(() => work.remove());

test.run();
