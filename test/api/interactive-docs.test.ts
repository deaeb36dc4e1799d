// Issue 9, defect 7: FastAPI's /docs (Swagger UI) and /redoc, served offline from npm packages, in a
// real browser: Debian's Chromium driven by playwright-core (never a downloaded browser). The page
// may load nothing from outside the service: every other request is refused and counted.
import * as assert from 'uvu/assert';
import { chromium, type Browser } from 'playwright-core';
import { suite } from 'uvu';
import { startTestService, type TestService } from '../support/test-service.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function withPage<T>(url: string, run: (page: import('playwright-core').Page, outside: string[]) => Promise<T>): Promise<T> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const outside: string[] = [];
    await page.route('**/*', (route) => {
      const requested = route.request().url();
      if (requested.startsWith(url) || requested.startsWith('data:')) return route.continue();
      outside.push(requested);
      return route.abort();
    });
    return await run(page, outside);
  } finally {
    await browser.close();
  }
}

// The pages do not touch the database: one backend is enough.
const test = suite<{ svc: TestService }>('interactive API docs');
test.before(async (ctx) => { ctx.svc = await startTestService('pglite'); });
test.after(async (ctx) => { await ctx.svc?.close(); });
{
  test('/docs lists the operations endpoints and "Try it out" on GET /api/health/ shows the answer', async ({ svc }) => {
    await withPage(svc.url, async (page, outside) => {
      await page.goto(`${svc.url}/docs`);
      await page.getByText('/api/operations/{operation_id}').first().waitFor({ timeout: 30_000 });
      assert.ok(await page.getByText('/api/operations/', { exact: true }).first().isVisible());
      const health = page.locator('.opblock', { hasText: '/api/health/' }).first();
      await health.locator('.opblock-summary').click();
      await health.getByRole('button', { name: 'Try it out' }).click();
      await health.getByRole('button', { name: 'Execute' }).click();
      const body = health.locator('.responses-wrapper .response-col_description .microlight').first();
      await body.waitFor({ timeout: 30_000 });
      assert.match(await body.innerText(), /"message": "ok"/);
      assert.equal(outside, [], 'nothing is loaded from outside the service');
    });
  });

  test('/redoc renders the document', async ({ svc }) => {
    await withPage(svc.url, async (page, outside) => {
      await page.goto(`${svc.url}/redoc`);
      await page.locator('h2', { hasText: 'Create an operation' }).first().waitFor({ timeout: 30_000 });
      // ReDoc's "API docs by Redocly" badge points its image at Redocly's CDN; offline it is simply
      // not shown. Nothing the page needs comes from outside.
      assert.equal(outside.filter((u) => u !== 'https://cdn.redoc.ly/redoc/logo-mini.svg'), []);
    });
  });
}

test.run();
