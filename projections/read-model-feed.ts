// The events the read models have just taken in, for in-process caches that answer from memory
// (tile readiness, tile bytes, API-key credentials) and must drop what an event makes stale.
// Where the projector runs in this process, the runner tells its listeners right after each batch
// commits; where it runs elsewhere, PollingReadModelFeed follows the checkpoint table and reads the
// events the checkpoint passed over from the log.
import type { Knex } from 'knex';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { RecordedEvent } from '../domain/shared/event-envelope.ts';
import { readCheckpoint } from './checkpoint-store.ts';

export type ReadModelListener = (events: readonly RecordedEvent[]) => void;

export interface ReadModelFeed {
  /** Calls `listener` with each batch once the read models include it; answers the unsubscribe. */
  subscribe(listener: ReadModelListener): () => void;
}

/** Listeners of a feed; one failing listener neither stops the others nor the caller. */
export class ReadModelListeners implements ReadModelFeed {
  private readonly listeners = new Set<ReadModelListener>();

  subscribe(listener: ReadModelListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  emit(events: readonly RecordedEvent[]): void {
    if (events.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch {
        /* a cache that fails to update is dropped by its own TTL */
      }
    }
  }
}

/** Follows another process's projector: polls the checkpoint, reads what it passed from the log. */
export class PollingReadModelFeed extends ReadModelListeners {
  private position: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly knex: Knex,
    private readonly intervalMs = 250,
  ) {
    super();
  }

  async start(): Promise<void> {
    this.position = await readCheckpoint(this.knex);
    this.timer = setInterval(() => {
      this.polling ??= this.poll().finally(() => {
        this.polling = null;
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    try {
      const checkpoint = await readCheckpoint(this.knex);
      while (this.position !== null && this.position < checkpoint) {
        const events = await this.store.readAll({ after: this.position, limit: 1000 });
        const upTo = events.filter((e) => e.position <= checkpoint);
        if (upTo.length === 0) {
          this.position = checkpoint;
          break;
        }
        this.emit(upTo);
        this.position = upTo[upTo.length - 1]!.position;
      }
    } catch {
      // The next poll tries again; the caches' TTLs bound how stale they can be meanwhile.
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
  }
}
