// A process manager's loop: follows the event log from its own checkpoint (kept outside the read
// models, so a read-model rebuild does not replay it), hands each batch to `onBatch`, then saves
// the checkpoint. A failing batch is retried from the checkpoint after a pause, so handlers must
// be idempotent (enqueueing deterministic task ids and commands with expected state are).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { RecordedEvent } from '../domain/shared/event-envelope.ts';
import type { EventStore, Subscription } from '../infra/event-store/event-store.ts';
import { readProcessCheckpoint, saveProcessCheckpoint } from '../projections/process-checkpoints.ts';

export class EventLogFollower {
  private subscription: Subscription | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly store: EventStore,
    private readonly knex: Knex,
    private readonly logger: Logger,
    private readonly onBatch: (batch: RecordedEvent[]) => Promise<void>,
  ) {}

  /** Resolves once the checkpoint is read and following has begun. */
  async start(): Promise<void> {
    this.running = this.loop(await readProcessCheckpoint(this.knex, this.name));
  }

  private async loop(after: number): Promise<void> {
    let position = after;
    while (!this.stopped) {
      this.subscription = this.store.subscribeAll(position, { batchSize: 200 });
      try {
        for await (const batch of this.subscription) {
          await this.onBatch(batch);
          position = batch[batch.length - 1]!.position;
          await saveProcessCheckpoint(this.knex, this.name, position);
          if (this.stopped) break;
        }
      } catch (error) {
        if (this.stopped) break;
        this.logger.error(
          { err: error, process: this.name },
          'process manager batch failed; retrying from its checkpoint',
        );
        await this.subscription.close().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
    await this.running;
  }
}
