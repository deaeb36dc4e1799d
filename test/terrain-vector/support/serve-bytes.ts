// A loopback HTTP server for source tests: serves in-memory files, honours single Range requests
// (206 + Content-Range) and records every request so tests can count reads and bytes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedRequest {
  method: string;
  path: string;
  range: string | null;
  bytesSent: number;
}

export interface ByteServer {
  url(path: string): string;
  requests: ServedRequest[];
  close(): Promise<void>;
}

export async function serveBytes(
  files: Record<string, Uint8Array | string>,
  options: { ignoreRange?: boolean } = {},
): Promise<ByteServer> {
  const requests: ServedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const file = files[path];
    const record: ServedRequest = { method: req.method ?? 'GET', path, range: req.headers.range ?? null, bytesSent: 0 };
    requests.push(record);
    if (file === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const body =
      typeof file === 'string' ? Buffer.from(file) : Buffer.from(file.buffer, file.byteOffset, file.byteLength);
    const match = /^bytes=(\d+)-(\d+)?$/.exec(req.headers.range ?? '');
    if (match && !options.ignoreRange) {
      const start = Number(match[1]);
      const end = Math.min(match[2] === undefined ? body.length - 1 : Number(match[2]), body.length - 1);
      if (start >= body.length) {
        res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
        return;
      }
      const part = body.subarray(start, end + 1);
      record.bytesSent = part.length;
      res.writeHead(206, {
        'content-range': `bytes ${start}-${end}/${body.length}`,
        'content-length': part.length,
        'accept-ranges': 'bytes',
      });
      res.end(req.method === 'HEAD' ? undefined : part);
      return;
    }
    record.bytesSent = req.method === 'HEAD' ? 0 : body.length;
    res.writeHead(200, { 'content-length': body.length, 'accept-ranges': options.ignoreRange ? 'none' : 'bytes' });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
