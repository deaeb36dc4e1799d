// PGlite in a worker thread. PGlite runs PostgreSQL as WebAssembly: each query executes
// synchronously on the thread that calls it, so in the API process every query of the projector,
// the dispatcher and the in-process workers held the event loop every request waits on (34 s of an
// 80 s benchmark, issue 20). This object stands in for the PGlite instance that knex-pglite drives
// (waitReady, query, close) and forwards each query to the thread that owns the database. Atomicity
// is unchanged: knex-pglite keeps one connection, so a transaction's statements (BEGIN … COMMIT)
// still reach the database one after another with nothing in between.
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../ts-worker.ts';

export interface PgliteThreadData {
  dataDir: string | null;
  sharedBuffers: string;
}

export type PgliteThreadRequest =
  | { id: number; kind: 'query'; sql: string; params?: unknown[]; options?: Record<string, unknown> }
  | { id: number; kind: 'close' };

export type PgliteThreadReply =
  | { id: number; ok: true; result: { rows: unknown[]; fields: unknown[]; affectedRows?: number } | null }
  | { id: number; ok: false; error: Record<string, unknown> };

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/** An Error carrying the fields of the thread's error (PGlite's code, detail, constraint, …). */
function rebuildError(data: Record<string, unknown>): Error {
  const { message, stack, name, ...fields } = data;
  const error = Object.assign(new Error(String(message)), fields);
  if (typeof name === 'string') error.name = name;
  if (typeof stack === 'string') error.stack = `${stack}\n    (in the PGlite thread)`;
  return error;
}

export class PgliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;

  constructor(data: PgliteThreadData) {
    this.worker = startTsWorker(new URL('./pglite-thread-worker.ts', import.meta.url), { workerData: data });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.pending.set(0, { resolve: () => resolve(), reject });
    });
    this.worker.on('message', (reply: PgliteThreadReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(rebuildError(reply.error));
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    // Like an in-process PGlite, an idle database does not keep the process alive; a query does.
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the PGlite thread ended (exit code ${code})`)));
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: Record<string, unknown>) {
    return this.send({ kind: 'query', sql, params, options }) as Promise<{
      rows: T[];
      fields: unknown[];
      affectedRows?: number;
    }>;
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.send({ kind: 'close' });
    await this.worker.terminate();
  }

  private send(request: Omit<PgliteThreadRequest, 'id'> & Partial<PgliteThreadRequest>): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ ...request, id });
    });
  }
}
