// The map viewer (/viewer) in a real browser: Debian's Chromium driven by playwright-core (never a
// downloaded browser), WebGL by SwiftShader. With every request outside the service refused, the
// page opens a map whose terrain was prepared from the synthetic sources, asks for its tiles with
// the API key typed into it (a bearer header, never in a URL or storage), draws the area of
// operations, and shows the point query's answer for a click. One backend: the page reads through
// the same routes the HTTP suites test on both.
import * as assert from 'uvu/assert';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { suite } from 'uvu';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../support/terrain-flow.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BACKGROUND = [0xf4, 0xf1, 0xea];

const test = suite<{ svc: TestService }>('map viewer');
test.before(async (ctx) => { ctx.svc = await startTestService('pglite'); });
test.after(async (ctx) => { await ctx.svc?.close(); });

test('offline page, tiles with credentials, the area drawn, a click shows the point query', async ({ svc }) => {
  const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(24.93, 60.15, 25.0, 60.18));
  assert.is((await pollJob(svc, await requestJob(svc, mapId, boundary))).at(-1).status, 'success');

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    const outside: string[] = [];
    const tileRequests: Array<{ url: string; authorization: string | undefined }> = [];
    const okTiles: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(svc.url) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    page.on('request', (request) => {
      if (request.url().includes('/api/ogc/tiles/collections/')) {
        tileRequests.push({ url: request.url(), authorization: request.headers().authorization });
      }
    });
    page.on('response', (response) => {
      if (response.url().includes('/api/ogc/tiles/collections/') && response.status() === 200) okTiles.push(response.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));

    await page.goto(`${svc.url}/viewer?map=${mapId}`);
    await page.fill('#api-key', svc.key);
    await page.click('#open-map button[type=submit]');
    await page.waitForSelector(`body[data-map-ready="${mapId}"]`, { timeout: 20_000, state: 'attached' })
      .catch(async (error) => { throw new Error(`${error.message}\nstatus: ${await page.textContent('#status')}\nerrors: ${errors}\nconsole: ${logs}`); });
    await page.waitForLoadState('networkidle');
    await page.waitForSelector('#job-status');
    assert.is(await page.textContent('#job-status'), 'success');
    assert.is(await page.textContent('#status'), '', 'no error shown');
    assert.equal(errors, [], 'no script errors');
    assert.equal(outside, [], 'nothing is loaded from outside the service');

    // Tiles of every terrain collection were asked for, each with the bearer key; none in a URL.
    for (const collection of ['terrain-elevation', 'terrain-landcover', 'roads']) {
      assert.ok(okTiles.some((u) => u.includes(`svc-native--${collection}/`)), `${collection} tiles served`);
    }
    assert.ok(tileRequests.length > 0);
    for (const request of tileRequests) assert.is(request.authorization, `Bearer ${svc.key}`, request.url);
    assert.not.ok(tileRequests.some((r) => r.url.includes(svc.key)), 'the key is never in a URL');
    assert.is(await page.inputValue('#api-key'), '', 'the key field is cleared once read');
    assert.is(await page.evaluate(() => localStorage.length + sessionStorage.length), 0, 'nothing stored');

    // The map fits the area of operations: its middle is drawn (relief, land cover, the AO's fill),
    // not the background, and in more than one colour.
    const box = (await page.locator('#map').boundingBox())!;
    const shot = PNG.sync.read(await page.screenshot({ clip: box }));
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

    // A click shows what the point query answers for the clicked position.
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes(`/api/maps/${mapId}/terrain/point?`)),
      page.mouse.click(box.x + box.width / 2, box.y + box.height / 2),
    ]);
    assert.is(request.headers().authorization, `Bearer ${svc.key}`);
    await page.waitForSelector('#point dd[data-field="MGRS"]');
    const shown = Object.fromEntries(await page.$$eval('#point dd', (dds) => dds.map((dd) => [(dd as HTMLElement).dataset.field, dd.textContent])));
    const url = new URL(request.url());
    const answer = (await http(svc.url, 'GET', `${url.pathname}${url.search}`, { key: svc.key })).body;
    assert.ok(typeof answer.elevation_m === 'number', JSON.stringify(answer));
    assert.is(shown.Elevation, `${answer.elevation_m} m`);
    assert.is(shown.Slope, `${answer.slope_deg}°`);
    assert.is(shown['Land cover'], `${answer.land_cover.name} (${answer.land_cover.code})`);
    for (const vehicle of ['foot', 'wheeled', 'tracked']) assert.is(shown[`Mobility, ${vehicle}`], answer.mobility[vehicle]);
    assert.is(shown.MGRS, answer.mgrs);
    assert.match(answer.mgrs, /^35V/);
  } finally {
    await browser.close();
  }
});

test.run();
