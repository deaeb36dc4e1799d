// The thread that owns the embedded database (see pglite-thread.ts): PGlite runs every query
// synchronously inside WebAssembly, so here it holds this thread's loop, not the API's. Queries come
// one at a time over the port and are answered in order.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { PgliteThreadData, PgliteThreadReply, PgliteThreadRequest } from './pglite-thread.ts';

const { dataDir, sharedBuffers } = workerData as PgliteThreadData;
const port = parentPort!;

/** A query's error as plain data: PGlite's DatabaseError fields (code, detail, constraint, …) kept. */
function errorData(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

try {
  const pglite = new PGlite(dataDir ?? undefined, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
  await pglite.waitReady;
  port.on('message', async (request: PgliteThreadRequest) => {
    let reply: PgliteThreadReply;
    try {
      if (request.kind === 'close') {
        await pglite.close();
        reply = { id: request.id, ok: true, result: null };
      } else {
        const { rows, fields, affectedRows } = await pglite.query(request.sql, request.params, request.options);
        reply = { id: request.id, ok: true, result: { rows, fields, affectedRows } };
      }
    } catch (error) {
      reply = { id: request.id, ok: false, error: errorData(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ id: 0, ok: true, result: null } satisfies PgliteThreadReply);
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: errorData(error) } satisfies PgliteThreadReply);
}
