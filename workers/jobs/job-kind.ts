// A job kind, declared once (README, Architecture: "Jobs"): its task kind and typed parameters,
// the rule that dispatches it, what a worker does with one task and what its exhausted deliveries
// record. workers/jobs/job-registry.ts lists every kind; the work pipeline, the dispatchers, the
// consumers and the dead-letter path are generic over that list.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Config } from '../../infra/config.ts';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import type { DatasetName } from '../../domain/terrain/types.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import type { DocumentStorage } from '../../infra/document-storage/document-storage.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { LanguageModel } from '../../infra/language-model/language-model.ts';
import type { TaskControl, WorkQueue } from '../../infra/work-queue/work-queue.ts';
import type { SourceProvider } from '../terrain/sources/source-provider.ts';

/** What a dispatch rule is given: the log it follows runs through `onBatch`; tasks go out via `enqueue`. */
export interface DispatchEnv<P> {
  store: EventStore;
  knex: Knex;
  logger: Logger;
  queue: WorkQueue;
  /** Enqueues this kind's task for `params` (id from the kind's taskId; a repeated id is a duplicate). */
  enqueue(params: P, trigger?: RecordedEvent): Promise<void>;
}

/**
 * When tasks of a kind are enqueued: a process manager following the event log from its own
 * checkpoint (`follower` names it: renaming it replays the whole log), and at start-up whatever the
 * read model still shows unfinished (an in-memory queue lost its tasks in a restart).
 */
export interface DispatchRule<P, Row = P> {
  follower: string;
  /** Dispatched only when this holds (default: always). */
  enabled?(config: Config): boolean;
  onBatch(batch: RecordedEvent[], env: DispatchEnv<P>): Promise<void>;
  /** Unfinished work at start-up (a read model not migrated yet has none), each handed to `resume`. */
  unfinished?(env: DispatchEnv<P>): PromiseLike<Row[]>;
  resume?(row: Row, env: DispatchEnv<P>): Promise<unknown>;
}

/** Progress a worker gives the queue, and which delivery this is. */
export interface JobReporter {
  /** Delivery count of this task, 1-based. */
  readonly attempt: number;
  readonly maxDeliveries: number;
  /** Tells the queue the worker is alive (restarts the ack-wait clock). */
  heartbeat(): void;
}

/** What every worker may use; a kind takes what it needs when its worker starts. */
export interface WorkerServices {
  config: Config;
  store: EventStore;
  knex: Knex;
  logger: Logger;
  providers: Record<DatasetName, SourceProvider>;
  documents: DocumentStorage;
  blobStore: BlobStore;
  languageModel: LanguageModel;
  /** The *_SOURCE settings worker threads make their providers from. */
  sourceSettings: Record<string, string | undefined>;
}

/**
 * A worker of one kind, started once per process. `run` gets one task's parameters; `signal` aborts
 * when the delivery must stop (consumer stopping, lease lost, job cancelled). Resolving acknowledges
 * the task; throwing has it redelivered, then dead-lettered.
 */
export interface JobWorker<P> {
  run(params: P, reporter: JobReporter, signal: AbortSignal): Promise<void>;
  /** Lets go of what `start` made (threads, pools). */
  close?(): Promise<void>;
}

/** A task that used up its deliveries: the last error, as a message, and the number of deliveries. */
export interface JobFailure {
  attempts: number;
  reason: string;
  error: unknown;
}

export interface JobKind<S extends TSchema, Row = Static<S>> {
  /** The task kind on the queue (a subject token: letters, digits, '_' and '-'). */
  kind: string;
  /** The task's parameters: checked on every delivery, so a worker gets them typed. */
  params: S;
  /** Deterministic task id (the queue's dedupe key): the same logical task always gets the same id. */
  taskId(params: Static<S>, trigger?: RecordedEvent): string;
  dispatch: DispatchRule<Static<S>, Row>;
  /**
   * The tasks an event cancels (none: an empty list): their deliveries running in a worker process see
   * their signal aborted (reason JobCancelled) and stop at their next checkpoint.
   */
  cancelledBy?(event: RecordedEvent): readonly Static<S>[];
  start(services: WorkerServices): JobWorker<Static<S>>;
  /**
   * Records the end of a task whose deliveries are exhausted (idempotent: it may be called again);
   * answers false when the job had ended already and nothing was recorded.
   */
  exhausted(
    params: Static<S>,
    failure: JobFailure,
    services: Pick<WorkerServices, 'store' | 'logger'>,
  ): Promise<boolean>;
}

/** The queue's view of a delivery, for worker code written against TaskControl. */
export function taskControlOf(reporter: JobReporter, signal: AbortSignal): TaskControl {
  return {
    attempt: reporter.attempt,
    maxDeliveries: reporter.maxDeliveries,
    heartbeat: () => reporter.heartbeat(),
    signal,
  };
}
