// Runs the projectors over the event log: catch-up from the stored checkpoint, then live. Each
// batch of events and the new checkpoint commit in one transaction, so a crash between batches
// replays nothing twice and loses nothing.
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { EventStore, Subscription } from '../infra/event-store/event-store.ts';
import type { RecordedEvent } from '../domain/shared/event-envelope.ts';
import { applyProjector, type Projector } from './projector.ts';
import type { ReadModelWaiter } from './read-model-waiter.ts';
import { ReadModelListeners, type ReadModelFeed, type ReadModelListener } from './read-model-feed.ts';
import { CHECKPOINT_NAME, lockCheckpoint, readCheckpoint, writeCheckpoint } from './checkpoint-store.ts';

export interface ProjectionRunnerOptions {
  batchSize?: number;
  /** A batch failed to apply (`batch`), or reading the log failed (`batch` is empty). */
  onError?: (error: unknown, batch: RecordedEvent[]) => void;
  onBatch?: (position: number, count: number) => void;
}

/** Applies one batch and moves the checkpoint, atomically. Events at or below it are skipped. */
export async function applyBatch(
  knex: Knex,
  projectors: Projector[],
  batch: RecordedEvent[],
  options: { name?: string; waitForFlush?: boolean } = {},
): Promise<number> {
  const name = options.name ?? CHECKPOINT_NAME;
  return knex.transaction(async (trx) => {
    // A catch-up need not wait for each commit's WAL flush: after a crash the rows and the
    // checkpoint are lost together, and the events are applied again.
    if (options.waitForFlush === false) await trx.raw('set local synchronous_commit = off');
    const checkpoint = await lockCheckpoint(trx, name);
    const fresh = batch.filter((event) => event.position > checkpoint);
    // Projectors own disjoint tables, so each may take the whole batch in turn. (Not side by side:
    // one transaction is one connection, and pg refuses overlapping queries on a client from pg 9.)
    for (const projector of projectors) await applyProjector(projector, trx, fresh);
    const position = fresh.length > 0 ? fresh[fresh.length - 1]!.position : checkpoint;
    if (position !== checkpoint) await writeCheckpoint(trx, position, name);
    return position;
  });
}

export class ProjectionRunner implements ReadModelWaiter, ReadModelFeed {
  private position = 0;
  private subscription: Subscription | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly progress = new EventEmitter();
  private readonly listeners = new ReadModelListeners();

  constructor(
    private readonly store: EventStore,
    private readonly knex: Knex,
    private readonly projectors: Projector[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.progress.setMaxListeners(0);
  }

  get checkpoint(): number {
    return this.position;
  }

  async start(): Promise<void> {
    this.position = await readCheckpoint(this.knex);
    this.stopped = false;
    this.running = this.loop();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.subscription = this.store.subscribeAll(this.position, { batchSize: this.options.batchSize ?? 500 });
      let failing: RecordedEvent[] = [];
      try {
        for await (const batch of this.subscription) {
          if (this.stopped) break;
          failing = batch;
          const before = this.position;
          this.position = await applyBatch(this.knex, this.projectors, batch);
          // In-process caches drop what the batch made stale before any waiter is told (issue 9).
          if (this.listeners.size > 0)
            this.listeners.emit(batch.filter((e) => e.position > before && e.position <= this.position));
          failing = [];
          this.options.onBatch?.(this.position, batch.length);
          this.progress.emit('position', this.position);
        }
      } catch (error) {
        if (this.stopped) break;
        // A failing batch is retried from the checkpoint, never skipped: a read model that
        // silently misses an event is worse than one that lags.
        this.options.onError?.(error, failing);
        await this.subscription.close().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 1000));
        this.position = await readCheckpoint(this.knex).catch(() => this.position);
      }
    }
  }

  subscribe(listener: ReadModelListener): () => void {
    return this.listeners.subscribe(listener);
  }

  /** Resolves true once the read models include `position`, false after the timeout. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const onPosition = (p: number) => {
        if (p < position) return;
        cleanup();
        resolve(true);
      };
      const timer = setTimeout(() => {
        cleanup();
        resolve(this.position >= position);
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.progress.off('position', onPosition);
      };
      this.progress.on('position', onPosition);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
    await this.running;
  }
}

/** Catches up to the head of the log once (rebuild, tests): returns the final checkpoint. */
export async function catchUp(
  store: EventStore,
  knex: Knex,
  projectors: Projector[],
  options: { batchSize?: number; onProgress?: (position: number, head: number, applied: number) => void } = {},
): Promise<number> {
  const head = await store.headPosition();
  const limit = options.batchSize ?? 2000;
  let position = await readCheckpoint(knex);
  let applied = 0;
  // The next batch is read while this one is applied (on PostgreSQL the read and the write use two
  // connections; PGlite's single connection simply runs them in turn).
  const readAfter = (after: number) => {
    const reading = store.readAll({ after, limit });
    reading.catch(() => undefined); // awaited below; this only keeps an early failure from being "unhandled"
    return reading;
  };
  let next = position < head ? readAfter(position) : null;
  while (next) {
    const batch = await next;
    if (batch.length === 0) break;
    const last = batch[batch.length - 1]!.position;
    next = last < head ? readAfter(last) : null;
    position = await applyBatch(knex, projectors, batch, { waitForFlush: false });
    applied += batch.length;
    options.onProgress?.(position, head, applied);
  }
  return position;
}
