// FastAPI's interactive documentation, served offline: Swagger UI at /docs and ReDoc at /redoc over
// the service's own OpenAPI document, with their scripts and styles from npm packages (no CDN), and
// nothing either page would fetch from the internet: Swagger UI's online validator badge is off, and
// ReDoc's "API docs by Redocly" logo (hard-wired to Redocly's CDN) is served from here.
// The pages need no key, as in FastAPI; "Try it out" sends the key entered under "Authorize".
import type Koa from 'koa';
import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const OPENAPI_URL = '/api/openapi.json';
const require = createRequire(import.meta.url);
const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const redocBundle = join(dirname(require.resolve('redoc/package.json')), 'bundles/redoc.standalone.js');
const REDOC_LOGO_URL = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const LOCAL_REDOC_LOGO = '/redoc/assets/logo-mini.svg';
// A plain mark in the badge's place (Redocly's logo is not in the npm package); the link text stays.
const redocLogo = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">'
  + '<rect x="1" y="1" width="14" height="14" rx="3" fill="none" stroke="#8c8c8c" stroke-width="2"/></svg>';

let offlineRedoc: Buffer | null = null;
/** ReDoc's bundle with its one outside URL pointed here; read on first use (about 1 MB), then kept. */
function offlineRedocBundle(): Buffer {
  if (!offlineRedoc) {
    const source = readFileSync(redocBundle, 'utf8');
    // A ReDoc release that moves the logo elsewhere is caught by test/api/interactive-docs.test.ts,
    // which fails on any request that leaves the service.
    offlineRedoc = Buffer.from(source.replaceAll(REDOC_LOGO_URL, LOCAL_REDOC_LOGO));
  }
  return offlineRedoc;
}

/** The files the pages load, by URL path: [file, content type]. */
const ASSETS: Record<string, [string, string]> = {
  '/docs/assets/swagger-ui.css': [join(swaggerDir, 'swagger-ui.css'), 'text/css; charset=utf-8'],
  '/docs/assets/swagger-ui-bundle.js': [join(swaggerDir, 'swagger-ui-bundle.js'), 'text/javascript; charset=utf-8'],
  '/docs/assets/favicon-32x32.png': [join(swaggerDir, 'favicon-32x32.png'), 'image/png'],
};

const TITLE = 'Operations planning and terrain analysis service';

const swaggerPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${TITLE} - Swagger UI</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"><link rel="icon" href="/docs/assets/favicon-32x32.png"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body></html>`;

// A script file rather than inline code, so the page works under a strict Content-Security-Policy.
const swaggerInit = `window.ui = SwaggerUIBundle({
  url: '${OPENAPI_URL}', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: false,
  presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout',
  // Its default sends the document's URL to validator.swagger.io (a badge image) from any public host.
  validatorUrl: null,
});`;

const redocPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${TITLE} - ReDoc</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/docs/assets/favicon-32x32.png"></head>
<body><redoc spec-url="${OPENAPI_URL}"></redoc>
<script src="/redoc/assets/redoc.standalone.js"></script>
</body></html>`;

export function serveApiDocs(): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const asset = ASSETS[ctx.path];
    if (ctx.path === '/docs' || ctx.path === '/docs/') {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = swaggerPage;
    } else if (ctx.path === '/docs/init.js') {
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.body = swaggerInit;
    } else if (ctx.path === '/redoc' || ctx.path === '/redoc/') {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = redocPage;
    } else if (ctx.path === '/redoc/assets/redoc.standalone.js') {
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.body = offlineRedocBundle();
    } else if (ctx.path === LOCAL_REDOC_LOGO) {
      ctx.type = 'image/svg+xml';
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.body = redocLogo;
    } else if (asset) {
      ctx.type = asset[1];
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.body = createReadStream(asset[0]);
    } else {
      return next();
    }
  };
}
