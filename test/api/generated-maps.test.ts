// Generated maps over HTTP on both backends: a small synthetic map prepared by a terrain job, a route
// and a viewshed analysed on it; the workers render the area overview, one MCOO per movement class
// and one map per analysis. The listing, GET with a strong ETag then 304, refused paths; pixels
// at known places (inside the area of operations, on its outline, on a road, on a NO-GO cell picked
// from the mobility raster and confirmed by the point query); the grid labels are the MGRS
// references of their lines; a changed boundary draws every map again, the same boundary nothing.
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import * as mgrs from 'mgrs';
import type { Feature } from 'geojson';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';
import { mapFrameForArea } from '../../domain/generated-map/map-frame-for-area.ts';
import type { MapComposition, MapFrame } from '../../domain/cartography/map-composition.ts';
import { mapImagePixelOfLonLat } from '../../domain/cartography/map-image-pixel-of-lon-lat.ts';
import { mapGridLabels } from '../../domain/cartography/map-grid-labels.ts';
import { mgrsGridLines } from '../../domain/cartography/mgrs-grid-lines.ts';
import { lonLatOfFramePixel } from '../../domain/cartography/lon-lat-of-frame-pixel.ts';
import { FACE_LEFT, FACE_TOP } from '../../domain/cartography/map-layout.ts';
import { pixelCenterLonLat } from '../../domain/terrain/pixel-center-lon-lat.ts';
import { MOBILITY_NO_GO } from '../../domain/terrain/mobility-config.ts';
import { readWorkTileMobility } from '../../workers/generated-maps/read-frame-mobility.ts';
import { readFrameRoads } from '../../workers/generated-maps/read-frame-roads.ts';
import { MAP_RENDERER_VERSION, renderGeneratedMap } from '../../workers/generated-maps/generated-map-worker.ts';
import { renderMapPng } from '../../workers/generated-maps/rendering/render-map-png.ts';
import { rebuildReadModels } from '../../projections/rebuild-read-models.ts';
import { TERRAIN_ASSET_PATHS } from '../../domain/generated-map/generated-map-vocabulary.ts';
import { generatedMapIdOf, generatedMapStream } from '../../domain/generated-map/generated-map-events.ts';
import { MAJOR_ROAD_STYLE, MINOR_ROAD_STYLE } from '../../domain/generated-map/map-symbols.ts';

const mgrsForward = ((mgrs as unknown as { default?: typeof mgrs }).default ?? mgrs).forward;
// About 4 km × 3 km inland of Helsinki (forest, fields, roads in the synthetic world, whose sea follows the real coast).
const AREA = [25.23, 60.45, 25.3, 60.48] as const;
const MOVED = [25.235, 60.452, 25.3, 60.48] as const;

interface Image {
  width: number;
  height: number;
  rgb: Buffer;
}

async function decode(png: Uint8Array): Promise<Image> {
  const { data, info } = await sharp(Buffer.from(png)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}
const at = (image: Image, [x, y]: [number, number]) => {
  const i = (y * image.width + x) * 3;
  return [...image.rgb.subarray(i, i + 3)];
};
const near = (a: number[], b: number[], tolerance: number) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
const hex = (css: string) => [1, 3, 5].map((i) => parseInt(css.slice(i, i + 2), 16));
/** The composition's frame is all the layout needs to place a lon/lat in the image. */
const sheetOf = (frame: MapFrame): MapComposition => ({
  frame,
  layers: [],
  legend: [],
  gridSpacingMeters: null,
  title: { title: '', operation: '', map: '', date_time_group: '', sources: [], synthetic: true },
});

async function listing(svc: TestService, operationId: string, key = svc.key) {
  const r = await http(svc.url, 'GET', `/api/operations/${operationId}/generated-maps/`, { key });
  assert.is(r.status, 200, r.text);
  return r.body;
}

/** Polls the listing until `ready` holds (the workers render in the background). */
async function waitForListing(
  svc: TestService,
  operationId: string,
  ready: (items: any[]) => boolean,
  timeoutMs = 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = await listing(svc, operationId);
    if (ready(body.items)) return body.items as any[];
    if (Date.now() > deadline) {
      const seen = body.items.map((i: any) => [i.path, i.input_hash]);
      throw new Error(`generated maps not ready: ${JSON.stringify(seen)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function pollAnalysis(svc: TestService, id: string) {
  for (let i = 0; i < 600; i++) {
    const r = await http(svc.url, 'GET', `/api/analyses/${id}`, { key: svc.key });
    if (['success', 'failed', 'cancelled'].includes(r.body.status)) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`analysis ${id} not terminal`);
}

forEachBackend(
  'generated maps',
  (test) => {
    test(
      'rendered after the terrain job and analyses; listed, served with ETag and 304; pixels and grid; ' +
        'regenerated on a new boundary, not on the same one',
      async ({ svc }) => {
        const { operationId, mapId, boundary } = await mapWithBoundary(svc, squareBoundary(...AREA));
        assert.equal((await listing(svc, operationId)).items, []);
        const jobId = await requestJob(svc, mapId, boundary);
        await expectJobSuccess(svc, jobId);

        const route = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
          key: svc.key,
          body: {
            type: 'route',
            title: 'MSR blue',
            movement: 'foot',
            waypoints: [
              [25.245, 60.46],
              [25.26, 60.465],
            ],
          },
        });
        assert.is(route.status, 202, route.text);
        const viewshed = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
          key: svc.key,
          body: {
            type: 'viewshed',
            title: 'OP 1',
            observer: { position: [25.27, 60.465], height_m: 10 },
            radius_m: 400,
          },
        });
        assert.is(viewshed.status, 202, viewshed.text);
        assert.is((await pollAnalysis(svc, route.body.id)).status, 'success');
        assert.is((await pollAnalysis(svc, viewshed.body.id)).status, 'success');
        const analysisPaths = [`analysis-${route.body.id}.png`, `analysis-${viewshed.body.id}.png`];
        const expectedPaths = [...TERRAIN_ASSET_PATHS, ...analysisPaths].sort();
        const items = await waitForListing(svc, operationId, (list) => list.length === expectedPaths.length);
        assert.equal(
          items.map((i) => i.path),
          expectedPaths,
        );

        const overview = items.find((i) => i.path === 'area-overview.png');
        assert.is(overview.kind, 'area_overview');
        assert.is(overview.title, 'Area overview');
        assert.is(overview.content_type, 'image/png');
        assert.is(overview.map_id, mapId);
        assert.is(overview.renderings, 1);
        assert.match(overview.input_hash, /^[0-9a-f]{16}$/);
        assert.ok(overview.inputs.terrain_job.startsWith(`${jobId}@`), JSON.stringify(overview.inputs));
        assert.ok(overview.inputs.boundary && overview.inputs.roads && overview.inputs.elevation_tiles);
        assert.type(Date.parse(overview.created_at), 'number');
        const self = `${svc.url}/api/operations/${operationId}/generated-maps/area-overview.png`;
        assert.equal(overview.links, [{ rel: 'self', href: self, type: 'image/png', title: 'Area overview' }]);
        const wheeledItem = items.find((i) => i.path === 'mcoo-wheeled.png');
        assert.is(wheeledItem.kind, 'mcoo');
        assert.is(wheeledItem.title, 'MCOO — wheeled vehicles');
        const routeItem = items.find((i) => i.path === analysisPaths[0]);
        assert.is(routeItem.kind, 'analysis');
        assert.is(routeItem.title, 'Route — MSR blue');

        // GET with a strong ETag (the bytes' hash), then 304.
        const get = (path: string, headers: Record<string, string> = {}, key = svc.key) =>
          fetch(`${svc.url}/api/operations/${operationId}/generated-maps/${path}`, {
            headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
          });
        const png = await get('area-overview.png');
        assert.is(png.status, 200);
        assert.is(png.headers.get('content-type'), 'image/png');
        assert.is(png.headers.get('cache-control'), 'private, no-cache');
        const bytes = new Uint8Array(await png.arrayBuffer());
        assert.is(bytes.length, overview.size);
        const etag = png.headers.get('etag')!;
        assert.is(etag, `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`);
        assert.is(overview.etag, etag);
        const again = await get('area-overview.png', { 'If-None-Match': etag });
        assert.is(again.status, 304);
        assert.is(again.headers.get('etag'), etag);
        assert.is((await get('area-overview.png', { 'If-None-Match': '"other"' })).status, 200);

        // Pixels at known places. The frame is the area's bbox plus its margin (README "Generated maps").
        const frame = mapFrameForArea([...AREA]);
        const sheet = sheetOf(frame);
        const image = await decode(bytes);
        assert.is(image.width, overview.width);
        const pixel = (lon: number, lat: number) => mapImagePixelOfLonLat(sheet, lon, lat)!;
        const dark = (rgb: number[]) => rgb.every((v) => v < 50);
        // The outline (black, dashed): among the pixels along the west edge, many are black; inside, none of these is.
        const onEdge = Array.from({ length: 40 }, (_, i) => at(image, pixel(AREA[0], 60.452 + i * 0.0006)));
        assert.ok(onEdge.filter(dark).length >= 15, `outline pixels: ${JSON.stringify(onEdge)}`);
        const inside = Array.from({ length: 40 }, (_, i) => at(image, pixel(25.25, 60.452 + i * 0.0006)));
        assert.ok(inside.filter(dark).length === 0, JSON.stringify(inside));
        // Relief and land cover inside the area: not the white paper.
        assert.ok(
          inside.every((rgb) => !near(rgb, [255, 255, 255], 3)),
          JSON.stringify(inside),
        );

        // On a road: the midpoint of a road segment inside the area has the road's colour.
        const job = await svc.service.db.knex('terrain_jobs').where({ job_id: jobId }).first();
        const state = typeof job.state === 'string' ? JSON.parse(job.state) : job.state;
        const roadsFingerprint = state.source_providers.roads.fingerprint;
        const roads = await readFrameRoads(svc.service.blobStore, frame, roadsFingerprint, state.work_tiles);
        const segment = (features: Feature[]) => {
          for (const f of features) {
            if (f.geometry.type !== 'LineString') continue;
            const c = f.geometry.coordinates;
            for (let i = 1; i < c.length; i++) {
              const mid: [number, number] = [(c[i - 1]![0]! + c[i]![0]!) / 2, (c[i - 1]![1]! + c[i]![1]!) / 2];
              const inArea =
                mid[0] > AREA[0] + 0.003 &&
                mid[0] < AREA[2] - 0.003 &&
                mid[1] > AREA[1] + 0.002 &&
                mid[1] < AREA[3] - 0.002;
              if (inArea) return mid;
            }
          }
          return null;
        };
        const major = segment(roads.major);
        const minor = segment(roads.minor);
        assert.ok(major || minor, 'a road inside the area');
        const [roadPoint, roadColour] = major
          ? [major, hex(MAJOR_ROAD_STYLE.stroke)]
          : [minor!, hex(MINOR_ROAD_STYLE.stroke)];
        const [rx, ry] = pixel(...roadPoint);
        const around = [
          [0, 0],
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ].map(([dx, dy]) => at(image, [rx + dx!, ry + dy!]));
        assert.ok(
          around.some((rgb) => near(rgb, roadColour, 30)),
          `road at ${roadPoint}: ${JSON.stringify(around)} vs ${roadColour}`,
        );

        // On a NO-GO cell of the wheeled MCOO: a cell whose 3×3 block is NO-GO in the mobility raster
        // (so a face pixel at its centre shows it whole), and the point query agrees.
        const sources = {
          elevation: state.source_providers.elevation.fingerprint,
          land_cover: state.source_providers.land_cover.fingerprint,
          roads: roadsFingerprint,
        };
        const mobility = await readWorkTileMobility(svc.service.blobStore, frame, sources, state.work_tiles, 'wheeled');
        let noGo: [number, number] | null = null;
        for (const [key, values] of mobility) {
          const [x, y] = key.split('/').map(Number) as [number, number];
          for (let row = 40; row < 216 && !noGo; row += 3) {
            for (let col = 40; col < 216 && !noGo; col += 3) {
              let all = true;
              for (let dy = -1; dy <= 1; dy++) {
                for (let dx = -1; dx <= 1; dx++) all &&= values[(row + dy) * 256 + col + dx] === MOBILITY_NO_GO;
              }
              const centre = pixelCenterLonLat({ z: 12, x, y }, col, row);
              const inArea = centre[0] > AREA[0] && centre[0] < AREA[2] && centre[1] > AREA[1] && centre[1] < AREA[3];
              if (!all || !inArea) continue;
              const query = `/api/maps/${mapId}/terrain/point?lon=${centre[0]}&lat=${centre[1]}`;
              const point = await http(svc.url, 'GET', query, { key: svc.key });
              const obstacle = [50, 80].includes(point.body.land_cover?.code);
              if (point.body.mobility?.wheeled === 'NO-GO' && !obstacle) noGo = centre;
            }
          }
          if (noGo) break;
        }
        assert.ok(noGo, 'a NO-GO cell (not water or built-up) inside the area');
        const mcoo = await decode(new Uint8Array(await (await get('mcoo-wheeled.png')).arrayBuffer()));
        // The cell's pixel or one 2 px beside it (a grid or outline line may cross the very pixel).
        const [nx, ny] = mapImagePixelOfLonLat(sheet, ...noGo!)!;
        const block = [
          [0, 0],
          [2, 0],
          [-2, 0],
          [0, 2],
          [0, -2],
        ].map(([dx, dy]) => at(mcoo, [nx + dx!, ny + dy!]));
        assert.ok(
          block.some(([r, g, b]) => r! > 150 && g! < 120 && b! < 120 && r! - g! > 80),
          `NO-GO pixels ${JSON.stringify(block)}`,
        );

        // The grid labels are the MGRS references of their lines where they meet the neatline.
        const labels = mapGridLabels(sheet, mgrsGridLines(frame, null));
        assert.ok(labels.filter((l) => l.axis === 'easting').length >= 2);
        assert.ok(labels.filter((l) => l.axis === 'northing').length >= 2);
        const grid = mgrsGridLines(frame, null);
        for (const label of labels) {
          // Half a pixel east of an easting line (north of a northing line), inside the face: the line's own square.
          const fx = label.x - FACE_LEFT + (label.axis === 'easting' ? 0.5 : label.edge === 'left' ? 0.5 : -0.5);
          const fy = label.y - FACE_TOP + (label.axis === 'northing' ? -0.5 : label.edge === 'bottom' ? -0.5 : 0.5);
          const reference = mgrsForward(lonLatOfFramePixel(frame, fx, fy), 5);
          const [, square, easting, northing] = /^\d{1,2}[C-X]([A-Z]{2})(\d{5})(\d{5})$/.exec(reference)!;
          const digits = (label.axis === 'easting' ? easting : northing)!.slice(0, grid.digits);
          assert.is(label.text, `${square} ${digits}`, `${label.edge} label at ${label.x},${label.y}: ${reference}`);
        }

        // Refused paths: FastAPI bodies, never a file outside the operation's assets.
        const refused = [
          '..%2F..%2Fetc%2Fpasswd',
          '..%2Farea-overview.png',
          'a%5Cb.png',
          'AREA-OVERVIEW.png',
          'area-overview.pdf',
        ];
        for (const bad of refused) {
          const r = await get(bad);
          assert.is(r.status, 422, bad);
          const body = (await r.json()) as any;
          assert.equal(body.detail[0].loc, ['path', 'asset_path'], bad);
        }
        const unknown = await get('mcoo-boat.png');
        assert.is(unknown.status, 404);
        assert.match(((await unknown.json()) as any).detail, /Generated map mcoo-boat.png of operation .* not found/);
        assert.is((await get('area-overview.png', {}, '')).status, 401);
        const other = await svc.newAccount('other');
        assert.is((await get('area-overview.png', {}, other.key)).status, 403);
        const othersList = await http(svc.url, 'GET', `/api/operations/${operationId}/generated-maps/`, {
          key: other.key,
        });
        assert.is(othersList.status, 403);
        const missing = '00000000-0000-4000-8000-000000000000';
        assert.is(
          (await http(svc.url, 'GET', `/api/operations/${missing}/generated-maps/`, { key: svc.key })).status,
          404,
        );

        // The same boundary posted again: nothing is drawn (the worker finds every hash unchanged).
        const same = await http(svc.url, 'POST', `/api/maps/${mapId}/features`, {
          key: svc.key,
          body: { type: 'boundary', title: 'AO', feature_collection: squareBoundary(...AREA) },
        });
        assert.is(same.status, 201, same.text);
        const deps = {
          store: svc.service.store,
          knex: svc.service.db.knex,
          blobStore: svc.service.blobStore,
          render: renderMapPng,
          rendererVersion: MAP_RENDERER_VERSION,
          logger: svc.service.logger,
        };
        for (const asset_path of [...TERRAIN_ASSET_PATHS, ...analysisPaths]) {
          const asset = { operation_id: operationId, map_id: mapId, asset_path, terrain_job_id: null };
          const outcome = await renderGeneratedMap(deps, asset);
          assert.is(outcome, 'unchanged', asset_path);
        }
        // A moved boundary: every map drawn again under a new hash, a second GeneratedMapCreated on its stream.
        const moved = await http(svc.url, 'POST', `/api/maps/${mapId}/features`, {
          key: svc.key,
          body: { type: 'boundary', title: 'AO', feature_collection: squareBoundary(...MOVED) },
        });
        assert.is(moved.status, 201, moved.text);
        const redrawn = await waitForListing(svc, operationId, (list) => list.every((i) => i.renderings === 2));
        for (const item of redrawn) {
          const before = items.find((i) => i.path === item.path);
          assert.is.not(item.input_hash, before.input_hash, item.path);
          assert.is.not(item.inputs.boundary, before.inputs.boundary);
          const events = await svc.service.store.readStream(
            generatedMapStream(generatedMapIdOf(operationId, item.path)),
          );
          assert.equal(
            events.map((e) => e.type),
            ['GeneratedMapCreated', 'GeneratedMapCreated'],
            item.path,
          );
          assert.is(events[1]!.metadata.operation_id, operationId);
        }
        // In the operation's history (the newest events are on its last page).
        const first = await http(svc.url, 'GET', `/api/operations/${operationId}/history?size=100`, { key: svc.key });
        assert.is(first.status, 200, first.text);
        const lastPage = `/api/operations/${operationId}/history?size=100&page=${first.body.pages}`;
        const last = await http(svc.url, 'GET', lastPage, { key: svc.key });
        const types = last.body.items.map((e: any) => e.type);
        assert.ok(types.includes('GeneratedMapCreated'), JSON.stringify(types));

        // The read model rebuilt from the log equals the live one (test/projections/rebuild.test.ts covers every table).
        const { knex, schema } = svc.service.db;
        await svc.service.pipeline?.close();
        await svc.service.runner!.stop();
        const rows = async () =>
          (await knex.withSchema(schema).table('generated_maps').orderBy('generated_map_id')).map((row) =>
            JSON.stringify(row, (_k, v) => (v instanceof Date ? v.toISOString() : v)),
          );
        const live = await rows();
        assert.is(live.length, expectedPaths.length);
        await rebuildReadModels(svc.service.store, knex, schema);
        assert.equal(await rows(), live);
      },
    );
  },
  { GENERATED_MAPS: 'true' },
);
