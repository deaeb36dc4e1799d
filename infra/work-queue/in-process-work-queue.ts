// The work queue in memory, for embedded mode (one process, nothing to install). Same semantics
// as the JetStream adapter, held to it by the same contract suite: FIFO, bounded concurrency per
// consumer, leases that expire after ackWaitMs unless a heartbeat extends them, retry backoff,
// max deliveries then dead letter, dedupe by task id within a window, stop() drains.
// Tasks live only as long as the process: a restart loses what was queued, which is why the
// dispatcher re-enqueues unfinished phases on start (dedupe makes that harmless while it runs).
import { resolveWorkQueueSettings, type ResolvedWorkQueueSettings } from './resolve-work-queue-settings.ts';
import { runTaskDelivery, type TaskDelivery } from './run-task-delivery.ts';
import { validateWorkTask } from './validate-work-task.ts';
import {
  InvalidWorkQueueSettingsError,
  WorkQueueClosedError,
  type ConsumeOptions,
  type EnqueueResult,
  type TaskConsumer,
  type TaskHandler,
  type WorkQueue,
  type WorkQueueSettings,
  type WorkTask,
} from './work-queue.ts';

interface QueuedTask {
  task: WorkTask;
  deliveries: number;
  /** Token of the delivery that holds the task now; 0 while it is queued or waiting out a backoff. */
  holder: number;
}

interface ConsumerSlot {
  concurrency: number;
  inFlight: Set<Promise<void>>;
  stopping: AbortController;
  handler: TaskHandler;
  stop(): Promise<void>;
}

export class InProcessWorkQueue implements WorkQueue {
  readonly kind = 'in-process' as const;
  private readonly ready: QueuedTask[] = [];
  /** Task id → when it was first enqueued. Insertion order is time order, so expiry sweeps from the front. */
  private readonly seen = new Map<string, number>();
  private readonly consumers: ConsumerSlot[] = [];
  private readonly backoffTimers = new Set<NodeJS.Timeout>();
  private nextConsumer = 0;
  private lastToken = 0;
  private dispatchScheduled = false;
  private closed = false;

  private constructor(private readonly settings: ResolvedWorkQueueSettings) {}

  /** Async only to match NatsWorkQueue.open; nothing here waits. */
  static async open(settings: WorkQueueSettings = {}): Promise<InProcessWorkQueue> {
    return new InProcessWorkQueue(resolveWorkQueueSettings(settings));
  }

  async enqueue(task: WorkTask): Promise<EnqueueResult> {
    if (this.closed) throw new WorkQueueClosedError();
    const checked = validateWorkTask(task);
    const now = Date.now();
    for (const [id, at] of this.seen) {
      if (now - at < this.settings.duplicateWindowMs) break;
      this.seen.delete(id);
    }
    if (this.seen.has(checked.id)) return { duplicate: true };
    this.seen.set(checked.id, now);
    this.ready.push({ task: checked, deliveries: 0, holder: 0 });
    this.scheduleDispatch();
    return { duplicate: false };
  }

  consume(handler: TaskHandler, options: ConsumeOptions = {}): TaskConsumer {
    if (this.closed) throw new WorkQueueClosedError();
    if (!this.settings.onDeadLetter) {
      throw new InvalidWorkQueueSettingsError(
        'consume needs onDeadLetter in the queue settings: a task that runs out of deliveries must be reported',
      );
    }
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 1000) {
      throw new InvalidWorkQueueSettingsError(`concurrency=${concurrency} must be an integer from 1 to 1000`);
    }
    let stopped: Promise<void> | null = null;
    const slot: ConsumerSlot = {
      concurrency,
      inFlight: new Set(),
      stopping: new AbortController(),
      handler,
      stop: () => {
        stopped ??= (async () => {
          slot.stopping.abort();
          const index = this.consumers.indexOf(slot);
          if (index >= 0) this.consumers.splice(index, 1);
          // Settling one delivery never starts another on this slot (it left the list), so this ends.
          while (slot.inFlight.size > 0) await Promise.allSettled([...slot.inFlight]);
        })();
        return stopped;
      },
    };
    this.consumers.push(slot);
    if (options.signal) {
      if (options.signal.aborted) void slot.stop();
      else options.signal.addEventListener('abort', () => void slot.stop(), { once: true });
    }
    this.scheduleDispatch();
    return { stop: slot.stop };
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.consumers].map((c) => c.stop()));
    for (const timer of this.backoffTimers) clearTimeout(timer);
    this.backoffTimers.clear();
    this.ready.length = 0;
  }

  // Deliveries start on a microtask, never inside enqueue() or a settling handler, so handlers
  // do not run re-entrantly inside their caller's stack.
  private scheduleDispatch(): void {
    if (this.dispatchScheduled || this.closed) return;
    this.dispatchScheduled = true;
    queueMicrotask(() => {
      this.dispatchScheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.ready.length > 0 && !this.closed) {
      const slot = this.nextFreeConsumer();
      if (!slot) return;
      this.deliver(this.ready.shift()!, slot);
    }
  }

  /** Round robin over consumers with a free slot, so idle consumers share the work. */
  private nextFreeConsumer(): ConsumerSlot | null {
    for (let i = 0; i < this.consumers.length; i += 1) {
      const index = (this.nextConsumer + i) % this.consumers.length;
      const slot = this.consumers[index]!;
      if (slot.inFlight.size < slot.concurrency) {
        this.nextConsumer = index + 1;
        return slot;
      }
    }
    return null;
  }

  private deliver(entry: QueuedTask, slot: ConsumerSlot): void {
    entry.deliveries += 1;
    const token = (this.lastToken += 1);
    entry.holder = token;
    // A delivery whose lease expired (or whose queue closed) has lost the task: what it says
    // afterwards is ignored, as JetStream ignores a stale ack.
    const holds = () => entry.holder === token && !this.closed;
    const delivery: TaskDelivery = {
      task: entry.task,
      attempt: entry.deliveries,
      ack: async () => {
        if (holds()) entry.holder = 0;
      },
      retry: async (delayMs) => {
        if (!holds()) return;
        entry.holder = 0;
        this.requeueAfter(entry, delayMs);
      },
      terminate: async () => {
        if (holds()) entry.holder = 0;
      },
      // The lease clock is runTaskDelivery's timer; it calls leaseExpired when it runs out.
      extendLease: () => {},
      leaseExpired: () => {
        if (!holds()) return;
        entry.holder = 0;
        this.requeueAfter(entry, 0);
      },
    };
    const running: Promise<void> = runTaskDelivery(delivery, slot.handler, this.settings, slot.stopping.signal)
      .catch((error) => this.settings.onError(error, { during: 'delivery', taskId: entry.task.id }))
      .finally(() => {
        slot.inFlight.delete(running);
        this.scheduleDispatch();
      });
    slot.inFlight.add(running);
  }

  private requeueAfter(entry: QueuedTask, delayMs: number): void {
    if (delayMs <= 0) {
      this.ready.push(entry);
      this.scheduleDispatch();
      return;
    }
    const timer = setTimeout(() => {
      this.backoffTimers.delete(timer);
      this.ready.push(entry);
      this.scheduleDispatch();
    }, delayMs);
    // A backoff must not keep an otherwise finished process alive.
    timer.unref();
    this.backoffTimers.add(timer);
  }
}
