// The map viewer (README "Map viewer"): a static page at /viewer that shows a map of an operation
// with MapLibre GL JS, its script and styles served from the npm package (no CDN: the page works
// offline). The page needs no credentials; its API calls carry the session cookie or the API key
// typed into it (kept in memory only). Page code: api/viewer/page/.
import type Koa from 'koa';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const maplibreDist = join(dirname(require.resolve('maplibre-gl/package.json')), 'dist');
const pageDir = join(dirname(fileURLToPath(import.meta.url)), 'page');

const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** The files of the page by URL path: [file, content type]. */
const FILES: Record<string, [string, string]> = {
  '/viewer': [join(pageDir, 'index.html'), HTML],
  '/viewer/': [join(pageDir, 'index.html'), HTML],
  '/viewer/viewer.js': [join(pageDir, 'viewer.js'), JS],
  '/viewer/viewer.css': [join(pageDir, 'viewer.css'), CSS],
  '/viewer/assets/maplibre-gl.js': [join(maplibreDist, 'maplibre-gl.js'), JS],
  '/viewer/assets/maplibre-gl.css': [join(maplibreDist, 'maplibre-gl.css'), CSS],
};

// Only the service itself; MapLibre runs its worker from a blob: URL and sets inline styles.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  'worker-src blob:',
  'child-src blob:',
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
].join('; ');

export function serveViewer(): Koa.Middleware {
  return async (ctx, next) => {
    const file = (ctx.method === 'GET' || ctx.method === 'HEAD') && FILES[ctx.path];
    if (!file) return next();
    ctx.type = file[1];
    // The page itself is always fresh; the library is versioned with the package.
    ctx.set('Cache-Control', ctx.path.startsWith('/viewer/assets/') ? 'public, max-age=86400' : 'no-cache');
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    ctx.body = createReadStream(file[0]);
  };
}
