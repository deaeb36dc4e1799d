// A real S3 protocol server (s3rver) on a loopback port, in this process, with its own folder.
// It does not verify signatures: tests of URL expiry and forgery run on the filesystem store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3rverFixture {
  endpoint: string;
  port: number;
  buckets: string[];
  /** Stops the server (the folder stays: start() serves the same objects again). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** S3 settings of the service for this server (DOCUMENT_STORAGE=s3). */
export function s3Env(fixture: S3rverFixture, bucket: string): Record<string, string> {
  return {
    DOCUMENT_STORAGE: 's3',
    S3_ENDPOINT: fixture.endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
}

export async function startS3rver(buckets: string[]): Promise<S3rverFixture> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  let server: S3rver | null = null;
  let port = 0;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: buckets.map((name) => ({ name })),
    });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    running.httpServer?.closeAllConnections();
    await running.close();
  };
  await start();
  return {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    buckets,
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
