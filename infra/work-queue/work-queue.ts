// The work-queue port (DESIGN.md §4): carries terrain-job phase tasks from the dispatcher to the
// workers. Adapters: NATS JetStream (nats-work-queue.ts, several processes on several machines)
// and in memory (in-process-work-queue.ts, embedded mode). One contract suite
// (test/infra/work-queue/work-queue.test.ts) holds both to the same semantics:
// - at-least-once delivery, explicit ack when the handler resolves;
// - dedupe by task id within a window (a dispatcher that re-enqueues after a restart is harmless);
// - a throwing handler is redelivered after a backoff, up to maxDeliveries deliveries, then the
//   task is terminated and onDeadLetter fires;
// - a task whose handler neither settles nor heartbeats within ackWaitMs is redelivered (to
//   another consumer), which is how a killed worker's task runs again elsewhere.

/** A unit of work. JSON only: it crosses process boundaries in the NATS adapter. */
export interface WorkTask {
  /**
   * Deterministic id, the dedupe key: the same logical task always gets the same id (e.g.
   * `${jobId}:${phase}:${workTileKey}`), never one per attempt. 1–256 printable characters.
   */
  id: string;
  /** What the task is, e.g. 'terrain_phase'. A subject token: letters, digits, '_' and '-'. */
  kind: string;
  /** JSON value (objects, arrays, strings, finite numbers, booleans, null). */
  payload: unknown;
}

export interface EnqueueResult {
  /** True when a task with this id was already enqueued within the dedupe window: nothing was added. */
  duplicate: boolean;
}

/** What a handler gets besides the task. */
export interface TaskControl {
  /** Delivery count of this task, 1-based (2 means the first attempt failed or timed out). */
  readonly attempt: number;
  /** The last attempt the queue will make (the adapter's maxDeliveries). */
  readonly maxDeliveries: number;
  /**
   * Tells the queue the handler is still working: restarts the ack-wait clock (JetStream
   * "in progress" ack; in memory the lease is extended). Call it well within ackWaitMs (every
   * ackWaitMs / 3, say) during long work; calling it more often (per work tile) is fine, the
   * queue forwards at most one heartbeat per ackWaitMs / 10. A no-op once the handler has settled.
   */
  heartbeat(): void;
  /**
   * Aborted when the consumer stops (reason ConsumerStoppedError) or when this delivery's lease
   * ran out without a heartbeat (reason LeaseExpiredError: the task is being redelivered, stop
   * working on it). A handler that gives up because of it must throw, never resolve: resolving
   * acknowledges the task as done.
   */
  readonly signal: AbortSignal;
}

/** Resolves: done (acked). Throws: failed (redelivered after a backoff, or dead-lettered). */
export type TaskHandler = (task: WorkTask, control: TaskControl) => Promise<void>;

/**
 * Called once when a task has used up its deliveries: after the handler threw on the last
 * attempt (with that error), or when the last attempt was never acknowledged (worker killed or
 * hung; with a DeliveriesExhaustedError). The task is terminated after it returns. If it throws,
 * the task is kept and the call is retried after the longest backoff, so it must be idempotent
 * (failing a phase through a command with an expected revision is).
 */
export type DeadLetterHandler = (task: WorkTask, error: unknown, attempts: number) => Promise<void> | void;

/** Where the queue reports failures that belong to no handler (lost acks, a broken connection). */
export type WorkQueueErrorReporter = (error: unknown, context: { during: string; taskId?: string }) => void;

export interface WorkQueueSettings {
  /** How long a delivery may go without ack or heartbeat before it is redelivered. Default 30 s. */
  ackWaitMs?: number;
  /** Deliveries of one task, the first included, before it is dead-lettered. Default 5. */
  maxDeliveries?: number;
  /**
   * Delay before redelivering a task whose handler threw, by attempt: the delay after attempt n
   * is backoffMs[n - 1], the last value repeating. Default 1 s, 5 s, 15 s, 30 s.
   */
  backoffMs?: number[];
  /** How long a task id is remembered for dedupe. Default 24 h. */
  duplicateWindowMs?: number;
  /** Required to consume (see DeadLetterHandler); a queue used only to enqueue may omit it. */
  onDeadLetter?: DeadLetterHandler;
  /** Default: one line on stderr. */
  onError?: WorkQueueErrorReporter;
}

export interface ConsumeOptions {
  /** Handlers running at once in this consumer. Default 1. */
  concurrency?: number;
  /** Aborting it stops the consumer, as stop() does. */
  signal?: AbortSignal;
}

export interface TaskConsumer {
  /**
   * Stops taking tasks, aborts the in-flight handlers' signals and resolves once every one of
   * them has settled (and its ack or retry was sent). Idempotent.
   */
  stop(): Promise<void>;
}

export interface WorkQueue {
  readonly kind: 'nats' | 'in-process';
  /** Adds a task unless one with the same id was enqueued within the dedupe window. */
  enqueue(task: WorkTask): Promise<EnqueueResult>;
  /** Starts handling tasks; every consumer of a queue (in any process, for NATS) shares the work. */
  consume(handler: TaskHandler, options?: ConsumeOptions): TaskConsumer;
  /** Whether the backend answers (health). */
  ping(): Promise<boolean>;
  /** Stops every consumer of this handle (waiting for their handlers), then lets go of the backend. */
  close(): Promise<void>;
}

export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_MAX_DELIVERIES = 5;
export const DEFAULT_BACKOFF_MS: readonly number[] = [1_000, 5_000, 15_000, 30_000];
export const DEFAULT_DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A task the queue refuses; nothing was enqueued. */
export class InvalidTaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTaskError';
  }
}

export class InvalidWorkQueueSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWorkQueueSettingsError';
  }
}

/** Given to onDeadLetter when the last delivery was never acknowledged (no handler error to give). */
export class DeliveriesExhaustedError extends Error {
  constructor(
    readonly taskId: string,
    readonly attempts: number,
  ) {
    super(
      `task ${taskId} was not completed in ${attempts} deliveries: the last one was never acknowledged (its worker stopped, crashed or hung)`,
    );
    this.name = 'DeliveriesExhaustedError';
  }
}

/** The abort reason of TaskControl.signal when the consumer stops. */
export class ConsumerStoppedError extends Error {
  constructor() {
    super('the consumer is stopping');
    this.name = 'ConsumerStoppedError';
  }
}

/** The abort reason of TaskControl.signal when a delivery went ackWaitMs without ack or heartbeat. */
export class LeaseExpiredError extends Error {
  constructor(
    readonly taskId: string,
    readonly ackWaitMs: number,
  ) {
    super(`task ${taskId}: no ack or heartbeat within ${ackWaitMs} ms, the task is redelivered`);
    this.name = 'LeaseExpiredError';
  }
}

export class WorkQueueClosedError extends Error {
  constructor() {
    super('the work queue is closed');
    this.name = 'WorkQueueClosedError';
  }
}
