// The generic machinery behind every job kind: a declaration (job-kind.ts) becomes its task
// builder, its dispatcher (a process manager following the log), its consumer's handler (parameters
// checked against the kind's schema, so the worker gets them typed) and its dead-letter handler (one
// exhaustion path: the kind records its outcome, the failure is logged here).
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import type { Config } from '../../infra/config.ts';
import type { DeadLetterHandler, TaskHandler, WorkTask } from '../../infra/work-queue/work-queue.ts';
import { EventLogFollower } from '../event-log-follower.ts';
import { resumeThenFollow } from '../resume-then-follow.ts';
import type { CancellationWatch } from './cancellation-watch.ts';
import type { DispatchEnv, JobKind, JobWorker, WorkerServices } from './job-kind.ts';

/** A task whose payload is not its kind's parameters (a producer of another version): never run. */
export class InvalidJobParametersError extends Error {
  constructor(kind: string, taskId: string) {
    super(`task ${taskId} does not carry the parameters of a ${kind} job`);
    this.name = 'InvalidJobParametersError';
  }
}

export type DispatcherEnv = Omit<DispatchEnv<unknown>, 'enqueue'> & { config: Config };

export interface JobDispatcher {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A kind with its parameter type erased: what the registry lists and the pipeline runs. */
export interface RegisteredJobKind {
  readonly kind: string;
  /** Null when the configuration turns the kind's dispatching off. */
  dispatcher(env: DispatcherEnv): JobDispatcher | null;
  startWorker(
    services: WorkerServices,
    cancellations: CancellationWatch,
  ): { handle: TaskHandler; close(): Promise<void> };
  /** The ids of the tasks of this kind an event cancels. */
  cancelledTasks(event: RecordedEvent): string[];
  deadLetter(services: Pick<WorkerServices, 'store' | 'logger'>): DeadLetterHandler;
}

/** The task carrying `params` for a kind. */
export function jobTask<S extends TSchema, Row>(
  kind: JobKind<S, Row>,
  params: Static<S>,
  trigger?: RecordedEvent,
): WorkTask {
  return { id: kind.taskId(params, trigger), kind: kind.kind, payload: params };
}

function paramsOf<S extends TSchema, Row>(kind: JobKind<S, Row>, task: WorkTask): Static<S> {
  if (!Value.Check(kind.params, task.payload)) throw new InvalidJobParametersError(kind.kind, task.id);
  return task.payload;
}

export function defineJobKind<S extends TSchema, Row = Static<S>>(kind: JobKind<S, Row>): RegisteredJobKind {
  return {
    kind: kind.kind,
    dispatcher(base) {
      const rule = kind.dispatch;
      if (rule.enabled && !rule.enabled(base.config)) return null;
      const env: DispatchEnv<Static<S>> = {
        store: base.store,
        knex: base.knex,
        logger: base.logger,
        queue: base.queue,
        async enqueue(params, trigger) {
          await base.queue.enqueue(jobTask(kind, params, trigger));
        },
      };
      const follower = new EventLogFollower(rule.follower, base.store, base.knex, base.logger, (batch) =>
        rule.onBatch(batch, env),
      );
      const { unfinished, resume } = rule;
      return {
        start: () =>
          unfinished && resume
            ? resumeThenFollow(
                follower,
                () => unfinished(env),
                (row) => resume(row, env),
              )
            : follower.start(),
        stop: () => follower.stop(),
      };
    },
    startWorker(services, cancellations) {
      const worker = kind.start(services);
      return {
        handle: taskHandlerOf(kind, worker, cancellations),
        close: async () => {
          await worker.close?.();
        },
      };
    },
    cancelledTasks(event) {
      return (kind.cancelledBy?.(event) ?? []).map((params) => kind.taskId(params));
    },
    deadLetter(services) {
      return async (task, error, attempts) => {
        if (!Value.Check(kind.params, task.payload)) {
          services.logger.error(
            { task_id: task.id, kind: kind.kind, attempts, err: error },
            'dead task with invalid parameters dropped',
          );
          return;
        }
        const reason = error instanceof Error ? error.message : String(error);
        const recorded = await kind.exhausted(task.payload, { attempts, reason, error }, services);
        if (recorded) {
          services.logger.error(
            { kind: kind.kind, task_id: task.id, params: task.payload, attempts, err: error },
            `${kind.kind} task failed after its last delivery`,
          );
        }
      };
    },
  };
}

/** A kind's task handler around a worker made outside its `start` (tests bring their own threads). */
export function taskHandlerOf<S extends TSchema, Row>(
  kind: JobKind<S, Row>,
  worker: JobWorker<Static<S>>,
  cancellations?: CancellationWatch,
): TaskHandler {
  return async (task, control) => {
    const params = paramsOf(kind, task);
    if (!cancellations) return worker.run(params, control, control.signal);
    const cancelled = cancellations.register(task.id);
    try {
      await worker.run(params, control, AbortSignal.any([control.signal, cancelled.signal]));
    } finally {
      cancelled.release();
    }
  };
}
