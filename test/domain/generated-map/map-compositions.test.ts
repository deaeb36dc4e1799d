// The terrain evaluation's MCOO sheet, rendered (sharp + librsvg) and read back pixel by pixel:
// restricted terrain hatched with single diagonals, severely restricted cross-hatched (ATP 5-0.2-1
// para 2-253), water solid blue, avenues as arrows with an arrowhead, key terrain marked, a legend.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import type { Feature, Position } from 'geojson';
import { lonLatOfFramePixel } from '../../../domain/cartography/lon-lat-of-frame-pixel.ts';
import { mapLayout } from '../../../domain/cartography/map-layout.ts';
import {
  analysisMapComposition,
  terrainEvaluationComposition,
} from '../../../domain/generated-map/map-compositions.ts';
import { mapOverlaySvg } from '../../../domain/cartography/map-overlay-svg.ts';
import { MCOO_SYMBOLS, SURVEY_AREA_STYLE } from '../../../domain/generated-map/map-symbols.ts';
import { renderMapPng } from '../../../workers/generated-maps/rendering/render-map-png.ts';
import { ZAGREB_FRAME } from '../../cartography/support/map-fixtures.ts';

const frame = ZAGREB_FRAME;
const at = (x: number, y: number): Position => lonLatOfFramePixel(frame, x, y);
const box = (x0: number, y0: number, x1: number, y1: number) => ({
  type: 'Polygon' as const,
  coordinates: [[at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), at(x0, y0)]],
});
const feature = (properties: Record<string, unknown>, geometry: Feature['geometry']): Feature => ({
  type: 'Feature',
  properties,
  geometry,
});
const RESTRICTED = { x0: 40, y0: 40, x1: 160, y1: 160 };
const SEVERE = { x0: 200, y0: 40, x1: 320, y1: 160 };
const WATER = { x0: 360, y0: 40, x1: 480, y1: 160 };
// The avenue runs west to east along y = 300 and ends at x = 500.
const AVENUE_Y = 300;
const AVENUE_END = 500;
const KEY = [300, 360] as const;

const layers = {
  obstacle: [
    feature(
      { terrain_class: 'restricted', cause: 'vegetation' },
      box(RESTRICTED.x0, RESTRICTED.y0, RESTRICTED.x1, RESTRICTED.y1),
    ),
    feature({ terrain_class: 'severely_restricted', cause: 'slope' }, box(SEVERE.x0, SEVERE.y0, SEVERE.x1, SEVERE.y1)),
    feature({ terrain_class: 'severely_restricted', cause: 'waterway' }, box(WATER.x0, WATER.y0, WATER.x1, WATER.y1)),
  ],
  mobility_corridor: [
    feature({ role: 'corridor', echelon: 'squad', id: 'MC 1' }, box(80, 270, 520, 330)),
    feature(
      { role: 'centreline', echelon: 'squad', id: 'MC 1' },
      { type: 'LineString', coordinates: [at(90, 320), at(510, 320)] },
    ),
    feature({ role: 'chokepoint', id: 'MC 1' }, { type: 'Point', coordinates: at(200, 320) }),
  ],
  avenue_of_approach: [
    feature(
      { direction: 'friendly', id: 'AA 1', echelon: 'platoon', rank: 1 },
      { type: 'LineString', coordinates: [at(100, AVENUE_Y), at(AVENUE_END, AVENUE_Y)] },
    ),
  ],
  key_terrain: [feature({ id: 'KT 1', kind: 'crossing_site' }, { type: 'Point', coordinates: at(...KEY) })],
};
const title = { title: 'MCOO', operation: 'o', map: 'm', date_time_group: 'd', sources: [], synthetic: false };
const base = { frame, title, area: [], shade: new Float32Array(frame.width * frame.height).fill(Number.NaN) };
const composition = {
  ...terrainEvaluationComposition(base, layers, { major: [], minor: [] }),
  gridSpacingMeters: 100000,
};
const layout = mapLayout(composition);
const { data, info } = await sharp(await renderMapPng(composition))
  .raw()
  .toBuffer({ resolveWithObject: true });
const rgb = (x: number, y: number): [number, number, number] => {
  const i = ((layout.face.y + y) * info.width + layout.face.x + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
};
const hex = (colour: string) => [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
const near = (a: number[], b: number[], tolerance: number) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
const isHatch = (x: number, y: number) =>
  near(rgb(x, y), hex(MCOO_SYMBOLS.terrainHatch), 70) && rgb(x, y)[1] > rgb(x, y)[0] + 40;

/** Of the hatch pixels inside a box (8 px in from its edges), the share whose neighbour at (dx, dy) is hatch too. */
function hatchStats(b: { x0: number; y0: number; x1: number; y1: number }, dx: number, dy: number) {
  let hatch = 0,
    both = 0,
    total = 0;
  for (let y = b.y0 + 8; y < b.y1 - 8; y++) {
    for (let x = b.x0 + 8; x < b.x1 - 8; x++) {
      total++;
      if (!isHatch(x, y)) continue;
      hatch++;
      if (isHatch(x + dx, y + dy)) both++;
    }
  }
  return { cover: hatch / total, along: both / Math.max(1, hatch) };
}

test('composition: hatched restricted and severely restricted, blue water, corridors, avenue arrow, key terrain, legend', () => {
  const vectors = composition.layers.filter((l) => l.kind === 'vector');
  assert.equal(
    vectors.map((l) => [l.style.hatch ?? null, l.style.arrow ?? false, l.features.length]),
    [
      ['single', false, 1],
      ['cross', false, 1],
      [null, false, 1],
      [null, false, 1],
      [null, true, 1],
      [null, true, 1],
      [null, false, 1],
      [null, false, 0],
      [null, false, 1],
    ],
  );
  const avenue = vectors[5]!.features[0]!;
  assert.is(avenue.properties!.label, 'AA 1 (PLT)', 'labelled with its echelon');
  assert.is(vectors[8]!.features[0]!.properties!.label, 'KT 1');
  assert.equal(
    composition.legend.map((l) => l.label),
    [
      'Area of operations',
      'Restricted terrain',
      'Severely restricted terrain',
      'Water and rivers (severely restricted)',
      'Mobility corridor (SQD)',
      'Avenue of approach',
      'Chokepoint (narrowest point of a corridor)',
      'Key terrain candidate',
    ],
  );
  assert.equal(
    composition.legend.filter((l) => l.hatch).map((l) => l.hatch),
    ['single', 'cross'],
  );
});

test('restricted terrain: single diagonal lines rising to the right, the ground between them left clear', () => {
  const rising = hatchStats(RESTRICTED, 2, -2);
  const falling = hatchStats(RESTRICTED, 2, 2);
  assert.ok(rising.cover > 0.1 && rising.cover < 0.5, `hatch covers ${rising.cover}`);
  assert.ok(rising.along > 0.8, `lines rise: ${rising.along}`);
  assert.ok(falling.along < 0.35, `no falling lines: ${falling.along}`);
});

test('severely restricted terrain: cross-hatched, lines both ways', () => {
  const rising = hatchStats(SEVERE, 2, -2);
  const falling = hatchStats(SEVERE, 2, 2);
  assert.ok(rising.cover > hatchStats(RESTRICTED, 2, -2).cover * 1.4, `denser than single hatching: ${rising.cover}`);
  // half the ink lies on each family of lines (single hatching: under a third falls)
  assert.ok(rising.along > 0.4 && falling.along > 0.4, `${rising.along} ${falling.along}`);
});

test('water solid blue; the avenue an arrow with a head at its objective end; key terrain marked', () => {
  const blue = hex(MCOO_SYMBOLS.water);
  // 0.85 opacity over white paper
  const expected = blue.map((v) => Math.round(v * 0.85 + 255 * 0.15));
  for (const [x, y] of [
    [WATER.x0 + 20, WATER.y0 + 20],
    [(WATER.x0 + WATER.x1) / 2, (WATER.y0 + WATER.y1) / 2],
  ])
    assert.ok(near(rgb(x!, y!), expected, 3), `water at ${x}, ${y}: ${rgb(x!, y!)}`);
  const avenueBlue = hex(MCOO_SYMBOLS.avenue.stroke);
  assert.ok(near(rgb(300, AVENUE_Y), avenueBlue, 10), `avenue line: ${rgb(300, AVENUE_Y)}`);
  // 6 px off the line: clear in its middle, inside the arrowhead near its end
  assert.not.ok(near(rgb(300, AVENUE_Y - 6), avenueBlue, 40), 'beside the line');
  assert.ok(near(rgb(AVENUE_END - 8, AVENUE_Y - 5), avenueBlue, 40), `arrowhead: ${rgb(AVENUE_END - 8, AVENUE_Y - 5)}`);
  assert.ok(
    near(rgb(AVENUE_END - 8, AVENUE_Y + 4), avenueBlue, 40),
    `other side: ${rgb(AVENUE_END - 8, AVENUE_Y + 4)}`,
  );
  assert.ok(near(rgb(...KEY), hex(MCOO_SYMBOLS.keyTerrain.fill), 10), `key terrain: ${rgb(...KEY)}`);
});

// A route analysis that found no route: the sheet says so on its face, with the result's reason.
const waypoint = (index: number, x: number, y: number) =>
  feature({ role: 'waypoint', index }, { type: 'Point', coordinates: at(x, y) });
const noRouteResult = {
  found: false,
  reason: 'unreachable',
  message: 'waypoint 1 is enclosed by water with no crossing',
};

test('a route that was not found: "No route found — <message>" in a box across the top of the face', async () => {
  const failed = analysisMapComposition(base, 'route', [waypoint(0, 100, 300), waypoint(1, 500, 300)], null, {
    parameters: null,
    result: noRouteResult,
  });
  assert.is(failed.faceNote, 'No route found — waypoint 1 is enclosed by water with no crossing');
  // The box's lines, joined, say it whole (a 600 px face wraps it).
  const printed = [...mapOverlaySvg(failed).matchAll(/<text x="\d+" y="\d+">([^<]*)<\/text>/g)].map((m) => m[1]);
  assert.is(printed.join(' '), 'No route found — waypoint 1 is enclosed by water with no crossing');
  const found = analysisMapComposition(base, 'route', [waypoint(0, 100, 300)], null, {
    parameters: null,
    result: { found: true },
  });
  assert.is(found.faceNote, undefined, 'a found route has no note');
  const reasonOnly = analysisMapComposition(base, 'route', [], null, {
    parameters: null,
    result: { found: false, reason: 'no_path' },
  });
  assert.is(reasonOnly.faceNote, 'No route found — no_path');

  // Rendered: a white box with a black border and dark text at the top of the face (the face below is empty paper).
  const sheet = { ...failed, gridSpacingMeters: 100000 };
  const box = mapLayout(sheet).face;
  const png = await sharp(await renderMapPng(sheet))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const i = ((box.y + y) * png.info.width + box.x + x) * png.info.channels;
    return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
  };
  const dark = (p: number[]) => p.every((v) => v < 80);
  assert.ok(dark(pixel(200, 8)), `box border: ${pixel(200, 8)}`);
  let ink = 0;
  for (let y = 14; y < 34; y++) for (let x = 16; x < 400; x++) if (dark(pixel(x, y))) ink++;
  assert.ok(ink > 200, `text pixels in the box: ${ink}`);
  let inkBelow = 0;
  for (let y = 70; y < 90; y++) for (let x = 16; x < 400; x++) if (dark(pixel(x, y))) inkBelow++;
  assert.is(inkBelow, 0, 'nothing drawn below the box');
});

// A landing-zone survey: its area outlined, each zone labelled with its rank.
const SURVEY = { x0: 60, y0: 60, x1: 540, y1: 340 };
const zone = (rank: number, x: number, y: number) =>
  feature({ role: 'landing_zone', rank, suitable: true }, box(x - 20, y - 20, x + 20, y + 20));

test('landing zones: the survey area outlined and each zone labelled with its rank', async () => {
  const survey = analysisMapComposition(base, 'landing_zones', [zone(1, 200, 200), zone(2, 400, 200)], null, {
    parameters: { area: box(SURVEY.x0, SURVEY.y0, SURVEY.x1, SURVEY.y1) },
    result: { candidates: 2 },
  });
  const vectors = survey.layers.filter((l) => l.kind === 'vector');
  const outline = vectors.find((l) => l.style.stroke === SURVEY_AREA_STYLE.stroke)!;
  assert.ok(outline, 'a survey area layer');
  assert.is(outline.features.length, 1);
  const zones = vectors.find((l) => l.style.labelProperty === 'label' && l.features[0]?.properties?.rank)!;
  assert.equal(
    zones.features.map((f) => f.properties!.label),
    ['LZ 1', 'LZ 2'],
  );
  assert.ok(survey.legend.some((l) => l.label === 'Survey area'));

  // Zero zones: the result's 'area' feature is the outline, not a landing zone.
  const none = analysisMapComposition(
    base,
    'landing_zones',
    [feature({ role: 'area', candidates: 0 }, box(SURVEY.x0, SURVEY.y0, SURVEY.x1, SURVEY.y1))],
    null,
  );
  assert.equal(
    none.legend.map((l) => l.label),
    ['Area of operations', 'Survey area'],
  );

  // Rendered: blue outline pixels along the survey's west edge; the label's dark text just above each zone's centre.
  const sheet = { ...survey, gridSpacingMeters: 100000 };
  const face = mapLayout(sheet).face;
  const png = await sharp(await renderMapPng(sheet))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const i = ((face.y + y) * png.info.width + face.x + x) * png.info.channels;
    return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
  };
  const blue = hex(SURVEY_AREA_STYLE.stroke);
  const edge = Array.from({ length: 200 }, (_, i) => pixel(SURVEY.x0, SURVEY.y0 + 20 + i));
  assert.ok(edge.filter((p) => near(p, blue, 40)).length > 80, 'dashed blue outline on the west edge');
  for (const [x, y] of [
    [200, 200],
    [400, 200],
  ]) {
    let ink = 0;
    for (let dy = -8; dy <= 2; dy++) for (let dx = -18; dx <= 18; dx++) if (pixel(x! + dx, y! + dy)[0]! < 60) ink++;
    assert.ok(ink > 15, `rank label at ${x}, ${y}: ${ink} dark pixels`);
  }
});

test('line of sight: the verdict from the result in the legend', () => {
  const sight = [
    feature({ role: 'sight_line', visible: false }, { type: 'LineString', coordinates: [at(100, 200), at(500, 200)] }),
  ];
  const blocked = analysisMapComposition(base, 'line_of_sight', sight, null, {
    parameters: null,
    result: {
      visible: false,
      ground_distance_m: 3000,
      observer: { ground_elevation_m: 100, height_m: 2 },
      target: { ground_elevation_m: 100, height_m: 2 },
      profile: [
        { distance_m: 0, ground_elevation_m: 100 },
        { distance_m: 1500, ground_elevation_m: 180 },
        { distance_m: 3000, ground_elevation_m: 100 },
      ],
    },
  });
  assert.ok(
    blocked.legend.some((l) => l.label === 'Line of sight: Blocked at 1.5 km of 3 km'),
    JSON.stringify(blocked.legend),
  );
  const visible = analysisMapComposition(base, 'line_of_sight', sight, null, {
    parameters: null,
    result: { visible: true, ground_distance_m: 3000 },
  });
  assert.ok(visible.legend.some((l) => l.label === 'Line of sight: Visible over 3 km'));
});

test.run();
