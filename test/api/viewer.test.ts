// test:serial (software WebGL rendering takes both cores; beside another file it can miss its wait)
// The map viewer (/viewer) in a real browser: Debian's Chromium driven by playwright-core (never a
// downloaded browser), WebGL by SwiftShader. With every request outside the service refused, the
// page opens a map whose terrain was prepared from the synthetic sources, asks for its tiles with
// the API key typed into it (a bearer header, never in a URL or storage), draws the area of
// operations and shows the point query's answer for a click; then, signed in through browser login
// (a real OpenID provider on a loopback port), the same page works on the session cookie alone.
// Twice: embedded (PGlite, in-process workers), and the production shape (PostgreSQL, the terrain job
// run by a separate worker process through NATS JetStream).
import * as assert from 'uvu/assert';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import { suite } from 'uvu';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { TEST_NATS_URL } from '../support/backends.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';
import {
  browse,
  browserFetch,
  CookieJar,
  OIDC_CLIENT,
  startOidcTestProvider,
  type OidcTestProvider,
} from '../support/oidc-test-provider.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BACKGROUND = [0xf4, 0xf1, 0xea];
const AREA = squareBoundary(24.93, 60.15, 25.0, 60.18);

const root = fileURLToPath(new URL('../..', import.meta.url));
const NATS_SHAPE = {
  NATS_URL: TEST_NATS_URL,
  WORK_QUEUE: 'nats',
  INLINE_WORKERS: 'false',
  TASK_ACK_WAIT_MS: '5000',
  WORKER_CONCURRENCY: '2',
};

interface Ctx {
  svc: TestService;
  provider: OidcTestProvider;
  browser: Browser;
  worker?: ChildProcess;
}
interface SeenRequest {
  url: string;
  authorization?: string;
  cookie?: string;
  status?: number;
}
interface TerrainJobRead {
  job_id: string;
  status: string;
  phases: Array<{
    id: string;
    status: string;
    counts?: { total: number; completed: number; failed: number; skipped: number };
  }>;
  warnings: Array<{ code: string; message: string }>;
}

/** The job read as the service answers it, with the job id the page must show. */
async function jobRead(svc: TestService, jobId: string, headers: Record<string, string> = {}): Promise<TerrainJobRead> {
  const r = await fetch(`${svc.url}/api/terrain-analysis/jobs/${jobId}`, { headers });
  return { ...((await r.json()) as Omit<TerrainJobRead, 'job_id'>), job_id: jobId };
}

/**
 * Opens /viewer on a map (typing the key when given) with every outside request refused and every
 * console error recorded; checks the job panel against the job read, then zooms out past the prepared
 * area (tiles answered 204 beside drawn ones) and checks again that nothing was logged.
 */
async function openViewer(page: Page, svc: TestService, mapId: string, key: string | null, job: TerrainJobRead) {
  const outside: string[] = [];
  const tiles: SeenRequest[] = [];
  const errors: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(svc.url) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  page.on('response', async (response) => {
    if (!response.url().includes('/api/ogc/tiles/collections/')) return;
    const headers = await response.request().allHeaders();
    const { authorization, cookie } = headers;
    tiles.push({ url: response.url(), authorization, cookie, status: response.status() });
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // MapLibre reports what it could not draw (a tile it could not decode, a DEM border it could not
  // match) on the console, not as a page error: any console error fails the test.
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  await page.goto(`${svc.url}/viewer?map=${mapId}`);
  if (key) await page.fill('#api-key', key);
  await page.click('#open-map button[type=submit]');
  await page
    .waitForSelector(`body[data-map-ready="${mapId}"]`, { timeout: 60_000, state: 'attached' })
    .catch(async (error) => {
      throw new Error(`${error.message}\nstatus: ${await page.textContent('#status')}\nerrors: ${errors}`);
    });
  await page.waitForSelector(`body[data-map-idle="${mapId}"]`, { timeout: 60_000, state: 'attached' });
  await page.waitForLoadState('networkidle');
  assert.is(await page.textContent('#job-status'), 'success');
  assert.is(await page.textContent('#job > div'), `Job ${job.job_id}: success`);
  // Each phase with its work tiles done (built, reused or empty) of the total: a cached phase
  // reused them all.
  const phaseLines = await page.$$eval('#job li', (items) => items.map((li) => li.textContent));
  assert.equal(
    phaseLines,
    job.phases.map((p) => {
      const c = p.counts;
      if (!c) return `${p.id}: ${p.status}`;
      const failed = c.failed ? `, ${c.failed} failed` : '';
      return `${p.id}: ${p.status} (${c.completed + c.skipped}/${c.total} tiles${failed})`;
    }),
  );
  // The job's AO sanity warnings (synthetic sources at least) above the phases, code and message.
  assert.ok(job.warnings.some((w) => w.code === 'SYNTHETIC_SOURCE'));
  assert.equal(
    await page.$$eval('#job-warnings p', (items) => items.map((p) => p.textContent)),
    job.warnings.map((w) => `${w.code}: ${w.message}`),
  );
  // Out to where the view holds tiles outside the prepared area (the service answers 204 there) next to
  // drawn ones, and back to the fitted view: MapLibre must have a tile of the same size for each (no
  // "dem dimension mismatch").
  const [zoomOut, zoomIn] = ['.maplibregl-ctrl-zoom-out', '.maplibregl-ctrl-zoom-in'];
  for (const button of [zoomOut, zoomOut, zoomIn, zoomIn]) {
    await page.evaluate('delete document.body.dataset.mapIdle');
    await page.click(button);
    await page.waitForSelector(`body[data-map-idle="${mapId}"]`, { timeout: 60_000, state: 'attached' });
  }
  await page.waitForLoadState('networkidle');
  assert.ok(
    tiles.some((t) => t.status === 204),
    'tiles outside the prepared area were asked for (204)',
  );
  assert.is(await page.textContent('#status'), '', 'no error shown');
  assert.equal(errors, [], 'no script or console errors');
  assert.equal(outside, [], 'nothing is loaded from outside the service');
  for (const collection of ['terrain-elevation', 'terrain-landcover', 'roads']) {
    const served = tiles.some((t) => t.url.includes(`svc-native--${collection}/`) && t.status === 200);
    assert.ok(served, `${collection} tiles served: ${JSON.stringify(tiles.map((t) => [t.url.slice(-60), t.status]))}`);
  }
  return tiles;
}

for (const shape of ['embedded', 'postgres+nats'] as const) {
  const test = suite<Ctx>(`map viewer [${shape}]`);
  test.before(async (ctx) => {
    ctx.provider = await startOidcTestProvider();
    if (shape === 'embedded') ctx.svc = await startTestService('pglite', ctx.provider.env);
    else {
      ctx.svc = await startTestService('postgres', { ...ctx.provider.env, ...NATS_SHAPE });
      const worker = spawn(process.execPath, ['--import', 'tsx', join(root, 'entrypoints/worker.ts')], {
        cwd: root,
        env: { ...process.env, ...ctx.svc.env, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      worker.stderr!.on('data', (chunk) => process.stderr.write(`[worker ${worker.pid}] ${chunk}`));
      ctx.worker = worker;
    }
    ctx.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
    });
  });
  test.after(async (ctx) => {
    await ctx.browser?.close();
    if (ctx.worker && ctx.worker.exitCode === null) ctx.worker.kill('SIGKILL');
    await ctx.svc?.close();
    await ctx.provider?.close();
    if (shape === 'postgres+nats') {
      const nc = await connect({ servers: TEST_NATS_URL });
      await (await nc.jetstreamManager()).streams.delete(ctx.svc.env.NATS_STREAM!).catch(() => undefined);
      await nc.close();
    }
  });

  test('offline page, tiles with the typed key, the area drawn, a click shows the point query', async (ctx) => {
    const { svc, browser } = ctx;
    const { mapId, boundary } = await mapWithBoundary(svc, AREA);
    const jobId = await requestJob(svc, mapId, boundary);
    await expectJobSuccess(svc, jobId);
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    const job = await jobRead(svc, jobId, { authorization: `Bearer ${svc.key}` });
    const tiles = await openViewer(page, svc, mapId, svc.key, job);

    for (const tile of tiles) assert.is(tile.authorization, `Bearer ${svc.key}`, tile.url);
    assert.not.ok(
      tiles.some((t) => t.url.includes(svc.key)),
      'the key is never in a URL',
    );
    assert.is(await page.inputValue('#api-key'), '', 'the key field is cleared once read');
    assert.is(await page.evaluate('localStorage.length + sessionStorage.length'), 0, 'nothing stored');

    // The map fits the area of operations: its middle is drawn (relief, land cover, the AO's fill),
    // not the background, and in more than one colour.
    const box = (await page.locator('#map').boundingBox())!;
    const screenshot = await page.screenshot({ clip: box });
    if (process.env.VIEWER_SCREENSHOT) writeFileSync(process.env.VIEWER_SCREENSHOT, screenshot);
    const shot = PNG.sync.read(screenshot);
    const colours = new Set<string>();
    let background = 0;
    let samples = 0;
    for (let py = Math.round(shot.height / 2) - 60; py < shot.height / 2 + 60; py += 4) {
      for (let px = Math.round(shot.width / 2) - 60; px < shot.width / 2 + 60; px += 4) {
        const o = (py * shot.width + px) * 4;
        const rgb = [shot.data[o]!, shot.data[o + 1]!, shot.data[o + 2]!];
        samples++;
        if (rgb.every((v, i) => Math.abs(v - BACKGROUND[i]!) <= 2)) background++;
        colours.add(rgb.join(','));
      }
    }
    assert.is(background, 0, `${background} of ${samples} pixels inside the area are background`);
    assert.ok(colours.size > 10, `terrain drawn in ${colours.size} colours`);
    // Half the area is WorldCover tree cover (code 10, drawn #006400 at 55 %): green must show.
    let green = 0;
    for (let i = 0; i < shot.data.length; i += 4) if (shot.data[i + 1]! > shot.data[i]! + 30) green++;
    assert.ok(green > shot.width * shot.height * 0.05, `tree cover drawn green (${green} pixels)`);

    // A click shows what the point query answers for the clicked position.
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes(`/api/maps/${mapId}/terrain/point?`)),
      page.mouse.click(box.x + box.width / 2, box.y + box.height / 2),
    ]);
    assert.is(request.headers().authorization, `Bearer ${svc.key}`);
    await page.waitForSelector('#point dd[data-field="MGRS"]');
    const shown = Object.fromEntries(
      await page.$$eval('#point dd', (dds) => dds.map((dd) => [dd.getAttribute('data-field'), dd.textContent])),
    );
    const url = new URL(request.url());
    const answer = (await http(svc.url, 'GET', `${url.pathname}${url.search}`, { key: svc.key })).body;
    assert.ok(typeof answer.elevation_m === 'number', JSON.stringify(answer));
    assert.is(shown.Elevation, `${answer.elevation_m} m`);
    assert.is(shown.Slope, `${answer.slope_deg}°`);
    assert.is(shown['Land cover'], `${answer.land_cover.name} (${answer.land_cover.code})`);
    for (const vehicle of ['foot', 'wheeled', 'tracked']) {
      assert.is(shown[`Mobility, ${vehicle}`], answer.mobility[vehicle]);
    }
    assert.is(shown.MGRS, answer.mgrs);
    assert.match(answer.mgrs, /^35V/);
    await page.close();
  });

  test('signed in through browser login, the page works on the session cookie alone', async ({ svc, browser }) => {
    // The login a browser makes (provider pages driven over HTTP), then the user's own map and job
    // (the same area: its tiles are reused) created with the cookie.
    const jar = new CookieJar();
    const login = await browserFetch(jar, `${svc.url}/api/auth/login`);
    const callback = await browse(jar, login.headers.get('location')!, { login: 'viewer-user' });
    assert.is((await browserFetch(jar, `${svc.url}/api/auth/callback${callback.search}`)).status, 302);
    const session = jar.get(svc.url, 'ops_session')!;
    assert.ok(session, 'session cookie set');
    const post = async (path: string, body: unknown): Promise<any> => {
      const r = await browserFetch(jar, svc.url + path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', origin: OIDC_CLIENT.web_app_url },
      });
      assert.ok(r.status < 300, `${path}: ${r.status}`);
      return r.json();
    };
    const operation = await post('/api/operations/', {
      name: 'Viewer op',
      unit: 'Recon',
      branch: 'cavalry',
      echelon: 'squad',
    });
    const map = await post('/api/maps/', { operation_id: operation.id, name: 'Viewer map' });
    const layer = await post(`/api/maps/${map.id}/features`, {
      type: 'boundary',
      title: 'AO',
      feature_collection: AREA,
    });
    const request = { map_id: map.id, boundary_shape: layer.feature_collection };
    const { job_id: jobId } = await post('/api/terrain-analysis/', request);
    for (;;) {
      const job: any = await (await browserFetch(jar, `${svc.url}/api/terrain-analysis/jobs/${jobId}`)).json();
      if (job.status === 'success') break;
      assert.ok(['pending', 'in_progress'].includes(job.status), job.status);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
    await context.addCookies([{ name: 'ops_session', value: session, url: svc.url }]);
    const page = await context.newPage();
    const job = await jobRead(svc, jobId, { cookie: `ops_session=${session}` });
    assert.ok(
      job.phases.some((p) => p.status === 'cached'),
      'the same area again: phases cached',
    );
    const tiles = await openViewer(page, svc, map.id, null, job);
    for (const tile of tiles) {
      assert.is(tile.authorization, undefined, tile.url);
      assert.match(tile.cookie ?? '', `ops_session=${session}`);
    }
    await context.close();
  });

  test.run();
}
