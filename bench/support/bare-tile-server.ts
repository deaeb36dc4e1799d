// The benchmark's ceiling for a Node tile server: a bare node:http server (its own process, one
// thread like the service) answering each tile path with bytes held in memory and a precomputed
// ETag, nothing else. Started by bench/ogc-tiles-wrk.ts with a JSON manifest {path: file}.
// Usage: node bench/support/bare-tile-server.ts <manifest.json> <port>   (via tsx)
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

const [manifestFile, portArg] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(manifestFile!, 'utf8')) as Record<string, { file: string; type: string }>;
const tiles = new Map(
  Object.entries(manifest).map(([path, { file, type }]) => {
    const bytes = readFileSync(file);
    return [path, { bytes, type, etag: `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"` }];
  }),
);

createServer((req, res) => {
  const tile = tiles.get(req.url ?? '');
  if (!tile) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'Content-Type': tile.type,
    'Content-Length': tile.bytes.length,
    ETag: tile.etag,
    'Cache-Control': 'private, max-age=300',
  });
  res.end(tile.bytes);
}).listen(Number(portArg), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => process.exit(0));
