// Uploads of 20 × 10 MB files with 4 concurrent clients through the API (multipart, auth, type
// sniffing, hashing, streaming to storage, the events and read-your-writes) against the same bytes
// written with the storage client directly (the adapter's put), in the same run and store. Prints
// MB/s of both, their ratio, and the server's RSS before, during (peak) and after: streaming keeps
// it flat whatever the file size.
// Usage: npx tsx bench/document-upload.ts [--files=20] [--mb=10] [--clients=4] [--storage=filesystem|s3] [--kind=text|png]
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, startTestService } from '../test/support/test-service.ts';
import { fmt, numberArg } from './support.ts';
import { ONE_PIXEL_PNG } from '../test/support/document-http.ts';

const FILES = numberArg('files', 20);
const MB = numberArg('mb', 10);
const CLIENTS = numberArg('clients', 4);
const STORAGE = process.argv.find((a) => a.startsWith('--storage='))?.split('=')[1] ?? 'filesystem';
/** text: the workers extract each file's text in the same process meanwhile; png: nothing to extract. */
const KIND = process.argv.find((a) => a.startsWith('--kind='))?.split('=')[1] ?? 'text';
/** A PNG's signature and IHDR (from a 1×1 image), one IDAT chunk of `bytes` random bytes, IEND (CRCs not checked). */
function pngFile(bytes: number): Buffer {
  const head = Buffer.from(ONE_PIXEL_PNG.subarray(0, 33));
  const idat = Buffer.alloc(8);
  idat.writeUInt32BE(bytes, 0);
  idat.write('IDAT', 4, 'latin1');
  return Buffer.concat([head, idat, randomBytes(bytes), Buffer.alloc(4), Buffer.from(ONE_PIXEL_PNG.subarray(33))]);
}

/** A text file of `bytes` (so the sniffer accepts it): random hex lines, different per file. */
function textFile(bytes: number): Buffer {
  return Buffer.from(
    randomBytes(Math.ceil(bytes / 2))
      .toString('hex')
      .slice(0, bytes)
      .replace(/(.{99})./g, '$1\n'),
  );
}

/**
 * A multipart upload written straight from the file's buffer in 64 KiB slices with backpressure
 * (fetch with FormData copies each Blob and buffers the encoding: the client's own memory would
 * swamp the server's in this one-process RSS figure).
 */
function postMultipart(url: string, key: string, operationId: string, bytes: Buffer, fileName: string): Promise<void> {
  const boundary = `bench${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="operation_id"\r\n\r\n${operationId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + bytes.length + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve()
            : reject(new Error(`upload answered ${res.statusCode}: ${Buffer.concat(chunks)}`)),
        );
      },
    );
    req.on('error', reject);
    void (async () => {
      for (const part of [
        head,
        ...Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
          bytes.subarray(i * 65536, (i + 1) * 65536),
        ),
        tail,
      ]) {
        if (!req.write(part)) await once(req, 'drain');
      }
      req.end();
    })().catch(reject);
  });
}

async function pool<T>(items: T[], clients: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

let s3: { close(): Promise<unknown> } | null = null;
const env: Record<string, string> = {
  DOCUMENT_MAX_FILE_MB: String(MB + 1),
  DOCUMENT_MAX_REQUEST_MB: String(MB + 2),
  LOG_LEVEL: 'fatal',
};
if (STORAGE === 's3') {
  const { default: S3rver } = await import('s3rver');
  const dir = mkdtempSync(join(tmpdir(), 'bench-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'docs' }],
  });
  const { port } = await server.run();
  s3 = {
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  Object.assign(env, {
    DOCUMENT_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'docs',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
}

const svc = await startTestService('postgres', env);
try {
  const files = Array.from({ length: FILES }, () =>
    KIND === 'png' ? pngFile(MB * 1024 * 1024 - 57) : textFile(MB * 1024 * 1024),
  );
  const total = files.reduce((n, f) => n + f.length, 0) / 1024 / 1024;
  const op = (
    await http(svc.url, 'POST', '/api/operations/', {
      key: svc.key,
      body: { name: 'Bench', unit: 'U', branch: 'infantry', echelon: 'brigade' },
    })
  ).body.id;

  // Baseline: the same bytes through the storage adapter, same concurrency.
  const rssStart = process.memoryUsage().rss;
  let directPeak = rssStart;
  const directSampler = setInterval(() => {
    directPeak = Math.max(directPeak, process.memoryUsage().rss);
  }, 20);
  let t = performance.now();
  await pool(files, CLIENTS, async (bytes) => {
    await svc.service.documents.put(
      `bench/${randomUUID()}`,
      (async function* () {
        for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
      })(),
      { contentType: 'text/plain' },
    );
  });
  const direct = total / ((performance.now() - t) / 1000);
  clearInterval(directSampler);

  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  t = performance.now();
  await pool(files, CLIENTS, (bytes) =>
    postMultipart(
      `${svc.url}/api/documents/?operation_id=${op}`,
      svc.key,
      op,
      bytes,
      KIND === 'png' ? 'overlay.png' : 'annex.txt',
    ),
  );
  const api = total / ((performance.now() - t) / 1000);
  clearInterval(sampler);
  const rssAfter = process.memoryUsage().rss;
  console.log(
    `${FILES} × ${MB} MB, ${CLIENTS} clients, ${STORAGE} storage, PostgreSQL, ${KIND === 'png' ? 'PNG files (no text extraction)' : 'text files (extracted by the workers in the same process meanwhile)'}`,
  );
  console.log(`storage client directly  ${fmt(direct, 1).padStart(8)} MB/s`);
  console.log(`through the API          ${fmt(api, 1).padStart(8)} MB/s   ratio ${fmt(api / direct, 2)}×`);
  console.log(
    `RSS (client and server in one process; the file bytes themselves are ${fmt(total)} MB of it): before ${fmt(rssBefore / 2 ** 20)} MB, peak ${fmt(peak / 2 ** 20)} MB, after ${fmt(rssAfter / 2 ** 20)} MB`,
  );
  console.log(
    `RSS growth at peak: through the API +${fmt((peak - rssBefore) / 2 ** 20)} MB, storage client directly +${fmt((directPeak - rssStart) / 2 ** 20)} MB` +
      ` (ratio ${fmt((peak - rssBefore) / Math.max(1, directPeak - rssStart), 2)}×; a server holding the files whole would add ~${fmt(CLIENTS * MB)} MB or more)`,
  );
} finally {
  await svc.close();
  await s3?.close();
}
