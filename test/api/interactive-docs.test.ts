// Issue 9, defect 7: FastAPI's /docs (Swagger UI) and /redoc, served offline from npm packages, in a
// real browser: Debian's Chromium driven by playwright-core (never a downloaded browser). The page
// may load nothing from outside the service: every other request is refused and counted, and any
// counts as a failure (issue 20: ReDoc's logo came from its CDN). The pages are opened under a public
// host name (resolved to the loopback address by Chromium), as a deployment serves them: Swagger UI
// skips its online validator only for localhost.
import * as assert from 'uvu/assert';
import { chromium, type Browser, type Page } from 'playwright-core';
import { suite } from 'uvu';
import { startTestService, type TestService } from '../support/test-service.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PUBLIC_HOST = 'docs.ops.test';

/** The service's URL under PUBLIC_HOST. */
const publicUrl = (svc: TestService) => svc.url.replace('127.0.0.1', PUBLIC_HOST);

async function withPage<T>(
  url: string,
  run: (page: Page, outside: string[], errors: string[]) => Promise<T>,
): Promise<T> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', `--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1`],
  });
  try {
    const page = await browser.newPage();
    const outside: string[] = [];
    const errors: string[] = [];
    await page.route('**/*', (route) => {
      const requested = route.request().url();
      if (requested.startsWith(`${url}/`) || requested.startsWith('data:') || requested.startsWith('blob:')) {
        return route.continue();
      }
      outside.push(requested);
      return route.abort();
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    const result = await run(page, outside, errors);
    assert.equal(outside, [], 'nothing is requested from outside the service');
    return result;
  } finally {
    await browser.close();
  }
}

// The pages do not touch the database: one backend is enough.
const test = suite<{ svc: TestService }>('interactive API docs');
test.before(async (ctx) => {
  ctx.svc = await startTestService('pglite');
});
test.after(async (ctx) => {
  await ctx.svc?.close();
});
{
  test('/docs lists the operations endpoints and "Try it out" on GET /api/health/ shows the answer', async ({
    svc,
  }) => {
    await withPage(publicUrl(svc), async (page, outside, errors) => {
      await page.goto(`${publicUrl(svc)}/docs`);
      await page.getByText('/api/operations/{operation_id}').first().waitFor({ timeout: 120_000 });
      assert.ok(await page.getByText('/api/operations/', { exact: true }).first().isVisible());
      const health = page.locator('.opblock', { hasText: '/api/health/' }).first();
      await health.locator('.opblock-summary').click();
      await health.getByRole('button', { name: 'Try it out' }).click();
      await health.getByRole('button', { name: 'Execute' }).click();
      const body = health.locator('.responses-wrapper .response-col_description .microlight').first();
      await body.waitFor({ timeout: 120_000 });
      assert.match(await body.innerText(), /"message": "ok"/);
      await page.waitForLoadState('networkidle');
      assert.equal(outside, [], 'nothing is loaded from outside the service');
      assert.equal(errors, [], 'no script or console errors');
    });
  });

  test('/redoc renders the document', async ({ svc }) => {
    await withPage(publicUrl(svc), async (page, outside, errors) => {
      await page.goto(`${publicUrl(svc)}/redoc`);
      await page.locator('h2', { hasText: 'Create an operation' }).first().waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
      assert.equal(outside, [], 'nothing is loaded from outside the service');
      assert.equal(errors, [], 'no script or console errors');
      // ReDoc's "API docs by Redocly" badge shows its image, from the service.
      const logo = page.locator('img[alt="redocly logo"]');
      assert.is(await logo.getAttribute('src'), '/redoc/assets/logo-mini.svg');
      const loaded = await logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0);
      assert.ok(loaded, 'logo loaded');
    });
  });
}

test.run();
