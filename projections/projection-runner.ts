// Runs the projectors over the event log: catch-up from the stored checkpoint, then live. Each
// batch of events and the new checkpoint commit in one transaction, so a crash between batches
// replays nothing twice and loses nothing.
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { EventStore, Subscription } from '../infra/event-store/event-store.ts';
import type { RecordedEvent } from '../domain/shared/event-envelope.ts';
import { applyProjector, type Projector } from './projector.ts';
import type { ReadModelWaiter } from './read-model-waiter.ts';

export const CHECKPOINT_NAME = 'read_models';

export interface ProjectionRunnerOptions {
  batchSize?: number;
  onError?: (error: unknown, batch: RecordedEvent[]) => void;
  onBatch?: (position: number, count: number) => void;
}

export async function readCheckpoint(knex: Knex, name = CHECKPOINT_NAME): Promise<number> {
  const row = await knex('projection_checkpoints').where({ name }).first();
  return row ? Number(row.position) : 0;
}

/** Applies one batch and moves the checkpoint, atomically. Events at or below it are skipped. */
export async function applyBatch(knex: Knex, projectors: Projector[], batch: RecordedEvent[], name = CHECKPOINT_NAME): Promise<number> {
  return knex.transaction(async (trx) => {
    const row = await trx('projection_checkpoints').where({ name }).forUpdate().first();
    const checkpoint = row ? Number(row.position) : 0;
    const fresh = batch.filter((event) => event.position > checkpoint);
    // Projectors own disjoint tables, so each may take the whole batch in turn.
    for (const projector of projectors) await applyProjector(projector, trx, fresh);
    const position = fresh.length > 0 ? fresh[fresh.length - 1]!.position : checkpoint;
    if (position !== checkpoint) {
      await trx('projection_checkpoints').insert({ name, position }).onConflict('name').merge();
    }
    return position;
  });
}

export class ProjectionRunner implements ReadModelWaiter {
  private position = 0;
  private subscription: Subscription | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly progress = new EventEmitter();

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
      try {
        for await (const batch of this.subscription) {
          if (this.stopped) break;
          this.position = await applyBatch(this.knex, this.projectors, batch);
          this.options.onBatch?.(this.position, batch.length);
          this.progress.emit('position', this.position);
        }
      } catch (error) {
        if (this.stopped) break;
        // A failing batch is retried from the checkpoint, never skipped: a read model that
        // silently misses an event is worse than one that lags.
        this.options.onError?.(error, []);
        await this.subscription.close().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 1000));
        this.position = await readCheckpoint(this.knex).catch(() => this.position);
      }
    }
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
      const timer = setTimeout(() => { cleanup(); resolve(this.position >= position); }, timeoutMs);
      const cleanup = () => { clearTimeout(timer); this.progress.off('position', onPosition); };
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
  store: EventStore, knex: Knex, projectors: Projector[],
  options: { batchSize?: number; onProgress?: (position: number, head: number, applied: number) => void } = {},
): Promise<number> {
  const head = await store.headPosition();
  let position = await readCheckpoint(knex);
  let applied = 0;
  while (position < head) {
    const batch = await store.readAll({ after: position, limit: options.batchSize ?? 2000 });
    if (batch.length === 0) break;
    position = await applyBatch(knex, projectors, batch);
    applied += batch.length;
    options.onProgress?.(position, head, applied);
  }
  return position;
}
