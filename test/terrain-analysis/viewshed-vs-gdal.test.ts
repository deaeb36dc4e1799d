import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { VIEWSHED_OUTSIDE, VIEWSHED_VISIBLE, viewshed } from '../../domain/terrain-analysis/viewshed.ts';
import { tempDir } from '../terrain-raster/support/gdal.ts';
import { gridOf, hills, seededRandom } from '../terrain-raster/support/synthetic-dem.ts';
import { readViewshed, runGdalViewshed, writeDem, type ProjectedDem } from './support/gdal-viewshed.ts';

// 401 x 401 cells of 30 m (12 km, UTM 32N): hills at a third of their wavelength plus 2 m of noise.
const work = tempDir('viewshed-gdal');
const random = seededRandom(21);
const size = 401,
  cellSize = 30,
  originX = 600000,
  originY = 5200000;
const dem: ProjectedDem = {
  width: size,
  height: size,
  cellSize,
  originX,
  originY,
  data: gridOf(size, size, originX, originY, cellSize, -cellSize, (x, y) => hills(x, y, 0.33) + 2 * random()),
};
const demPath = writeDem(dem, work.dir);

for (const [observer, observerHeight] of [
  [{ col: 200, row: 200 }, 10],
  [{ col: 180, row: 225 }, 30],
] as const) {
  const from = `${observer.col},${observer.row}`;
  const name = `viewshed agrees with gdal_viewshed (same GeoTIFF, -cc 0.75) on ≥ 99 % of cells from ${from}`;
  test(name, () => {
    const options = { observerHeight, targetHeight: 2, radius: 5000, refraction: 4 / 3 };
    const ours = viewshed({ ...dem, cellWidth: cellSize, cellHeight: cellSize }, observer, options.radius, options);
    const reference = readViewshed(runGdalViewshed(demPath, dem, observer, options, work.dir), dem);
    let compared = 0,
      agree = 0,
      visible = 0;
    for (let i = 0; i < ours.length; i++) {
      // GDAL and this library may place the edge of the radius a cell apart: compare inside both.
      if (ours[i] === VIEWSHED_OUTSIDE || reference[i] === 255) continue;
      compared++;
      const mine = ours[i] === VIEWSHED_VISIBLE ? 1 : 0;
      if (mine === reference[i]) agree++;
      visible += mine;
    }
    const share = agree / compared;
    assert.ok(compared > 0.95 * Math.PI * (options.radius / cellSize) ** 2, `${compared} cells compared`);
    assert.ok(visible > 0.05 * compared && visible < 0.95 * compared, `${visible} of ${compared} visible`);
    assert.ok(share >= 0.99, `agreement ${(share * 100).toFixed(2)} %`);
    const percent = (share * 100).toFixed(2);
    console.log(`  agreement with gdal_viewshed: ${percent} % of ${compared} cells, ${visible} visible`);
  });
}

test.after(() => work.remove());
test.run();
