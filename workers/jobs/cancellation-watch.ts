// How a running task learns that its job was cancelled: one subscription per worker process follows
// the log from its head and, for each event a kind names as the cancellation of one of its tasks
// (JobKind.cancelledBy), aborts the signals of those tasks' deliveries running here. The worker stops
// at its next checkpoint instead of re-reading its job before every tile. A delivery registers
// before it loads its job, so a cancellation is either in what it loads or seen here afterwards.
import type { Logger } from 'pino';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import type { EventStore, Subscription } from '../../infra/event-store/event-store.ts';

/** The abort reason of a delivery whose job was cancelled (not a stopping consumer or a lost lease). */
export class JobCancelled extends Error {
  constructor(readonly taskId: string) {
    super(`the job of task ${taskId} was cancelled`);
    this.name = 'JobCancelled';
  }
}

export const isJobCancelled = (reason: unknown): reason is JobCancelled => reason instanceof JobCancelled;

export interface CancellationWatch {
  /** A signal aborted when `taskId`'s job is cancelled; `release` once the delivery is over. */
  register(taskId: string): { signal: AbortSignal; release(): void };
  close(): Promise<void>;
}

export async function startCancellationWatch(
  store: EventStore,
  cancelledTasks: (event: RecordedEvent) => readonly string[],
  logger: Logger,
): Promise<CancellationWatch> {
  const running = new Map<string, Set<AbortController>>();
  let position = await store.headPosition();
  let subscription: Subscription | null = null;
  let closed = false;
  const loop = (async () => {
    while (!closed) {
      subscription = store.subscribeAll(position, { batchSize: 200 });
      try {
        for await (const batch of subscription) {
          for (const event of batch) {
            for (const taskId of cancelledTasks(event))
              for (const controller of running.get(taskId) ?? []) controller.abort(new JobCancelled(taskId));
          }
          position = batch[batch.length - 1]!.position;
          if (closed) break;
        }
      } catch (error) {
        if (closed) break;
        logger.error({ err: error }, 'cancellation watch failed; following the log again');
        await subscription.close().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  })();
  return {
    register(taskId) {
      const controller = new AbortController();
      const set = running.get(taskId) ?? new Set();
      set.add(controller);
      running.set(taskId, set);
      return {
        signal: controller.signal,
        release() {
          set.delete(controller);
          if (set.size === 0 && running.get(taskId) === set) running.delete(taskId);
        },
      };
    },
    async close() {
      closed = true;
      await subscription?.close();
      await loop;
    },
  };
}
