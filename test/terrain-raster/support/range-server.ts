// A static file server on node:http that honours single HTTP Range requests and counts the bytes
// it sends, to prove that remote readers fetch only what they need.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

export interface RangeServer {
  url: string;
  /** Body bytes sent so far. */
  bytesServed: number;
  /** Requests answered so far, with their Range header. */
  requests: { path: string; range: string | null; status: number }[];
  /** When true, Range headers are ignored and whole files are sent with 200. */
  ignoreRange: boolean;
  close(): Promise<void>;
}

export async function startRangeServer(root: string): Promise<RangeServer> {
  const state: RangeServer = {
    url: '',
    bytesServed: 0,
    requests: [],
    ignoreRange: false,
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const path = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    const range = req.headers.range ?? null;
    const answer = (status: number, headers: Record<string, string | number>, body?: Buffer) => {
      state.requests.push({ path, range, status });
      res.writeHead(status, headers);
      if (body && req.method !== 'HEAD') {
        state.bytesServed += body.length;
        res.end(body);
      } else res.end();
    };
    let stats;
    try {
      stats = statSync(path);
    } catch {
      answer(404, {});
      return;
    }
    if (!stats.isFile() || !path.startsWith(normalize(root))) {
      answer(404, {});
      return;
    }
    const data = readFileSync(path);
    const etag = `"${createHash('sha1').update(data).digest('hex').slice(0, 16)}"`;
    const common = { 'accept-ranges': 'bytes', etag, 'last-modified': stats.mtime.toUTCString() };
    const match = range && !state.ignoreRange ? /^bytes=(\d+)-(\d+)?$/.exec(range) : null;
    if (match) {
      const start = Number(match[1]);
      const end = Math.min(match[2] === undefined ? data.length - 1 : Number(match[2]), data.length - 1);
      if (start >= data.length) {
        answer(416, { 'content-range': `bytes */${data.length}` });
        return;
      }
      answer(
        206,
        {
          ...common,
          'content-range': `bytes ${start}-${end}/${data.length}`,
          'content-length': end - start + 1,
          'content-type': 'image/tiff',
        },
        data.subarray(start, end + 1),
      );
      return;
    }
    answer(200, { ...common, 'content-length': data.length, 'content-type': 'image/tiff' }, data);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
