// Removes document objects nothing refers to: those of deleted documents whose removal was cut
// short (a crash between the deletion event and the delete call), texts written for a document
// deleted meanwhile, and bytes of uploads that never got their record (a crash between storing and
// recording). An object with no live record is removed only when it is older than the grace period
// (an upload in flight has stored its bytes but not yet its record) and only when the read models
// are caught up with the log (during a rebuild every object would look unreferenced).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { DocumentStorage } from '../../infra/document-storage/document-storage.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { readCheckpoint } from '../../projections/checkpoint-store.ts';
import { deletedStorageKeys, liveStorageKeys } from '../../projections/queries/document-queries.ts';

export const DOCUMENT_PREFIX = 'documents/';
/** An object younger than this may belong to an upload still being recorded. */
export const SWEEP_GRACE_MS = 15 * 60 * 1000;

export interface SweepResult {
  removed: string[];
  /** False: the read models lag behind the log, nothing was removed. */
  swept: boolean;
}

export async function sweepDocumentStorage(
  store: EventStore,
  knex: Knex,
  storage: DocumentStorage,
  logger: Logger,
  now = new Date(),
  graceMs = SWEEP_GRACE_MS,
): Promise<SweepResult> {
  if ((await readCheckpoint(knex)) < (await store.headPosition())) return { removed: [], swept: false };
  const live = await liveStorageKeys(knex, DOCUMENT_PREFIX);
  const deleted = await deletedStorageKeys(knex, DOCUMENT_PREFIX);
  const removed: string[] = [];
  for await (const object of storage.list(DOCUMENT_PREFIX)) {
    if (live.has(object.key)) continue;
    // A deleted document's object goes at once; one of no record only after the grace period.
    if (!deleted.has(object.key) && now.getTime() - object.lastModified.getTime() < graceMs) continue;
    await storage.delete(object.key);
    removed.push(object.key);
  }
  if (removed.length > 0) logger.info({ removed: removed.length }, 'document objects nothing refers to were removed');
  return { removed, swept: true };
}

/** Sweeps shortly after start, then every `everyMs`; stop() ends it. */
export function scheduleDocumentStorageSweeps(
  run: () => Promise<unknown>,
  logger: Logger,
  firstMs = 5_000,
  everyMs = 30 * 60 * 1000,
) {
  const tick = () =>
    run().catch((error: unknown) => logger.warn({ err: error }, 'document storage sweep failed; the next one retries'));
  const first = setTimeout(tick, firstMs);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
