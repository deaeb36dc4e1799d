// Extra checks on a real alpine DEM, ../shared/data/dem/vinschgau-utm32n-250m.tif
// (UTM 32N, 250 m cells, 388–3863 m; skipped when the shared data folder is absent, as in a fresh clone).
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accumulateTravelTime } from '../../domain/terrain-analysis/accumulate-travel-time.ts';
import { lineOfSight } from '../../domain/terrain-analysis/line-of-sight.ts';
import { planRoute } from '../../domain/terrain-analysis/plan-route.ts';
import { surveyLandingZones } from '../../domain/terrain-analysis/survey-landing-zones.ts';
import { DEFAULT_TRAVEL_MODELS } from '../../domain/terrain-analysis/travel-models.ts';
import { buildTravelSurface } from '../../domain/terrain-analysis/travel-surface.ts';
import type { GroundRaster } from '../../domain/terrain-analysis/types.ts';
import { VIEWSHED_OUTSIDE, VIEWSHED_VISIBLE, viewshed } from '../../domain/terrain-analysis/viewshed.ts';
import { MOBILITY_GO, MOBILITY_NO_GO, WORLDCOVER } from '../../domain/terrain/mobility-config.ts';
import { readRasterAsFloat32, tempDir } from '../terrain-raster/support/gdal.ts';
import { grassAscii, parseGrassAscii, runGrass } from './support/grass.ts';
import { sharedData } from '../support/shared-data.ts';

const source = sharedData('dem', 'vinschgau-utm32n-250m.tif');
const check = source ? test : test.skip;
const work = tempDir('real-dem-analyses');

/** The DEM and its valley cell, read once, on the first test that needs them. */
const vinschgau = (() => {
  let loaded: ReturnType<typeof load> | undefined;
  const load = (path: string) => {
    const copy = join(work.dir, 'vinschgau.tif'); // the shared folder is read-only; GDAL writes beside its input
    copyFileSync(path, copy);
    const { width, height, data } = readRasterAsFloat32(copy);
    const dem: GroundRaster = { width, height, data, cellWidth: 250, cellHeight: 250 };
    // A valley cell near the middle: the lowest valid cell of the central 40 x 40 window.
    let valley = { col: 0, row: 0 },
      lowest = Infinity;
    for (let row = height / 2 - 20; row < height / 2 + 20; row++) {
      for (let col = width / 2 - 20; col < width / 2 + 20; col++) {
        const z = data[row * width + col];
        if (z < lowest) {
          lowest = z;
          valley = { col, row };
        }
      }
    }
    return { width, height, data, dem, valley, lowest };
  };
  return () => (loaded ??= load(source!));
})();

check('Vinschgau: the viewshed from the valley floor equals the brute-force line of sight on every cell', () => {
  const { width, height, dem, valley } = vinschgau();
  const options = { observerHeight: 10, targetHeight: 2 };
  const fast = viewshed(dem, valley, 30_000, options);
  let cells = 0,
    visible = 0;
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const value = fast[row * width + col];
      if (value === VIEWSHED_OUTSIDE) continue;
      const seen = lineOfSight(dem, valley, { col, row }, options);
      assert.is(value === VIEWSHED_VISIBLE, seen, `cell ${col}, ${row}`);
      cells++;
      if (seen) visible++;
    }
  }
  assert.ok(cells > 30_000 && visible > 0.02 * cells && visible < 0.9 * cells, `${visible} of ${cells} visible`);
});

check('Vinschgau, on foot: up to the highest nearby summit takes longer than down; times rank like r.walk', () => {
  const { width, height, data, valley, lowest } = vinschgau();
  let summit = valley,
    highest = -Infinity;
  for (let row = valley.row - 30; row <= valley.row + 30; row++) {
    for (let col = valley.col - 30; col <= valley.col + 30; col++) {
      const z = data[row * width + col];
      if (z > highest) {
        highest = z;
        summit = { col, row };
      }
    }
  }
  const n = width * height;
  const mobility = Uint8Array.from(data, (z) => (z === z ? MOBILITY_GO : MOBILITY_NO_GO));
  const rasters = {
    width,
    height,
    cellWidth: 250,
    cellHeight: 250,
    elevation: data,
    mobility,
    landCover: new Uint8Array(n).fill(WORLDCOVER.grassland),
  };
  const foot = buildTravelSurface(rasters, DEFAULT_TRAVEL_MODELS.foot);
  const up = planRoute(foot, [valley, summit]);
  const down = planRoute(foot, [summit, valley]);
  assert.ok(up.found && down.found);
  console.log(
    `  ${(highest - lowest).toFixed(0)} m climb: up ${(up.seconds / 3600).toFixed(2)} h ` +
      `(${(up.length / 1000).toFixed(1)} km), down ${(down.seconds / 3600).toFixed(2)} h`,
  );
  assert.ok(up.seconds > 1.2 * down.seconds, 'climbing is slower (1.42 × measured)');
  assert.ok(Math.abs(up.ascent - up.descent - (highest - lowest)) < 1e-3, 'net climb = summit − valley');
  // GRASS r.walk on the same DEM from the valley: the two models order the cells by time alike.
  const ours = accumulateTravelTime(foot, [valley]).cost;
  const grid = { width, height, ewRes: 250, nsRes: 250 };
  const script = [
    'r.in.ascii input=dem.asc output=dem type=DCELL --quiet',
    'g.region raster=dem',
    'r.mapcalc expression="zero = 0.0" --quiet',
    `r.walk elevation=dem friction=zero output=acc start_coordinates=${(valley.col + 0.5) * 250},` +
      `${(height - valley.row - 0.5) * 250} --quiet`,
    'r.out.ascii input=acc output=acc.asc precision=17 null_value=* --quiet',
  ].join('\n');
  const output = runGrass(script, { 'dem.asc': grassAscii({ ...grid, data }) }, ['acc.asc']);
  const grass = parseGrassAscii(output['acc.asc']).data;
  const both = [...ours.keys()].filter((i) => ours[i] === ours[i] && grass[i] === grass[i]);
  const rank = (v: number[]) => {
    const r = new Float64Array(v.length);
    [...v.keys()]
      .sort((a, b) => v[a] - v[b])
      .forEach((i, k) => {
        r[i] = k;
      });
    return r;
  };
  const ra = rank(both.map((i) => ours[i])),
    rb = rank(both.map((i) => grass[i]));
  let d2 = 0;
  for (let k = 0; k < both.length; k++) d2 += (ra[k] - rb[k]) ** 2;
  const rho = 1 - (6 * d2) / (both.length * (both.length ** 2 - 1));
  console.log(`  Spearman rank correlation with r.walk over ${both.length} cells: ${rho.toFixed(4)}`);
  assert.ok(both.length > 0.9 * n * 0.8 && rho > 0.95, `rho ${rho} over ${both.length}`);
});

check('Vinschgau, size 5 (100 m): valley-floor candidates pass, steep ones fail, none touches nodata', () => {
  const { width, height, data, dem } = vinschgau();
  const n = width * height;
  const inputs = {
    dem,
    landCover: new Uint8Array(n).fill(WORLDCOVER.grassland),
    mobility: Uint8Array.from(data, (z) => (z === z ? MOBILITY_GO : MOBILITY_NO_GO)),
    area: new Uint8Array(n).fill(1),
  };
  const zones = surveyLandingZones(inputs, 5, { spacing: 500, maxCandidates: 100_000 });
  const suitable = zones.filter((z) => z.suitable);
  console.log(`  ${suitable.length} of ${zones.length} candidates suitable`);
  assert.ok(suitable.length > 20 && suitable.length < zones.length / 2);
  assert.ok(suitable.every((z) => z.slope.degrees! <= 7 && z.slope.landingClass === 'land'));
  assert.ok(zones.filter((z) => !z.suitable).every((z) => z.slope.degrees! > 7));
  for (let k = 1; k < suitable.length; k++) assert.ok(suitable[k].slope.degrees! >= suitable[k - 1].slope.degrees!);
  // A 100 m point on 250 m cells touches its centre cell only: that cell must not be nodata (NO-GO here).
  for (const z of zones) assert.ok(!Number.isNaN(data[z.center.row * width + z.center.col]));
});

test.after(() => work.remove());

test.run();
