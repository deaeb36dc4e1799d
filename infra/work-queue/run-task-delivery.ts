// One delivery of one task, the same for every adapter, so both keep the same semantics: run the
// handler with a lease that heartbeats extend; ack on success; on failure retry after the backoff
// or, on the last attempt, dead-letter and terminate. An adapter supplies only the backend
// operations (TaskDelivery).
import type { ResolvedWorkQueueSettings } from './resolve-work-queue-settings.ts';
import {
  ConsumerStoppedError,
  DeliveriesExhaustedError,
  LeaseExpiredError,
  type TaskControl,
  type TaskHandler,
  type WorkTask,
} from './work-queue.ts';

/** The backend side of one delivery. */
export interface TaskDelivery {
  task: WorkTask;
  /** 1-based delivery count, as the backend counts it. */
  attempt: number;
  /** The task is done: remove it. */
  ack(): Promise<void>;
  /** Make the task available again after delayMs (it counts as one more delivery when it comes back). */
  retry(delayMs: number): Promise<void>;
  /** Never deliver the task again. */
  terminate(): Promise<void>;
  /** Restart the backend's ack-wait clock. */
  extendLease(): void;
  /**
   * The lease ran out here (ackWaitMs without ack or heartbeat). In memory this requeues the
   * task; JetStream redelivers on its own clock and needs nothing.
   */
  leaseExpired(): void;
}

function retryDelayMs(backoffMs: number[], attempt: number): number {
  return backoffMs[Math.min(attempt, backoffMs.length) - 1]!;
}

async function settle(
  step: string,
  delivery: TaskDelivery,
  settings: ResolvedWorkQueueSettings,
  action: () => Promise<void>,
) {
  try {
    await action();
  } catch (error) {
    // A lost ack or nak: the backend redelivers after the ack wait, so the task is not lost,
    // but it may run once more. Worth a log line, not a crash.
    settings.onError(error, { during: step, taskId: delivery.task.id });
  }
}

async function deadLetter(
  delivery: TaskDelivery,
  settings: ResolvedWorkQueueSettings,
  error: unknown,
  attempts: number,
) {
  // The callback may take a while (it appends an event); keep the delivery ours meanwhile so
  // the backend does not hand it to another worker and report it twice.
  const keepAlive = setInterval(() => delivery.extendLease(), Math.max(Math.floor(settings.ackWaitMs / 3), 50));
  keepAlive.unref();
  try {
    await settings.onDeadLetter!(delivery.task, error, attempts);
  } catch (failure) {
    clearInterval(keepAlive);
    // Keep the task: its next delivery is past maxDeliveries and comes straight back here.
    settings.onError(failure, { during: 'onDeadLetter', taskId: delivery.task.id });
    await settle('retry after a failed onDeadLetter', delivery, settings, () =>
      delivery.retry(settings.backoffMs[settings.backoffMs.length - 1]!),
    );
    return;
  }
  clearInterval(keepAlive);
  await settle('terminate', delivery, settings, () => delivery.terminate());
}

/**
 * Handles one delivery to the end (settled with the backend). `stopping` is the consumer's
 * signal: when it is aborted, a handler that throws releases its task at once (no backoff, no
 * dead letter: being stopped is not the task's fault).
 */
export async function runTaskDelivery(
  delivery: TaskDelivery,
  handler: TaskHandler,
  settings: ResolvedWorkQueueSettings,
  stopping: AbortSignal,
): Promise<void> {
  const { task, attempt } = delivery;
  if (attempt > settings.maxDeliveries) {
    // The last permitted delivery ended without an ack (its worker was killed or hung, or
    // onDeadLetter failed before): nobody has reported it yet.
    const attempts = Math.min(attempt - 1, settings.maxDeliveries);
    await deadLetter(delivery, settings, new DeliveriesExhaustedError(task.id, attempts), attempts);
    return;
  }

  const controller = new AbortController();
  const onStop = () => controller.abort(new ConsumerStoppedError());
  if (stopping.aborted) onStop();
  else stopping.addEventListener('abort', onStop, { once: true });

  let settled = false;
  let leaseLost = false;
  let leaseTimer: NodeJS.Timeout | undefined;
  let leaseStartedAt = 0;
  const startLease = () => {
    leaseStartedAt = Date.now();
    clearTimeout(leaseTimer);
    leaseTimer = setTimeout(() => {
      leaseLost = true;
      controller.abort(new LeaseExpiredError(task.id, settings.ackWaitMs));
      delivery.leaseExpired();
    }, settings.ackWaitMs);
    // A lease must not keep a process alive on its own; the handler's own work does that.
    leaseTimer.unref();
  };
  startLease();

  const control: TaskControl = {
    attempt,
    maxDeliveries: settings.maxDeliveries,
    signal: controller.signal,
    heartbeat() {
      if (settled || leaseLost) return;
      // Handlers may call this per tile; one message per tenth of the ack wait is plenty.
      if (Date.now() - leaseStartedAt < settings.ackWaitMs / 10) return;
      delivery.extendLease();
      startLease();
    },
  };

  let failure: { error: unknown } | null = null;
  try {
    await handler(task, control);
  } catch (error) {
    failure = { error };
  } finally {
    settled = true;
    clearTimeout(leaseTimer);
    stopping.removeEventListener('abort', onStop);
  }

  if (!failure) {
    // Even after the lease was lost the work is done: ack it (in JetStream this usually beats the
    // redelivery; where it does not, the adapter ignores a stale ack).
    await settle('ack', delivery, settings, () => delivery.ack());
    return;
  }
  // The task already belongs to another delivery; whatever this one says would be stale.
  if (leaseLost) return;
  if (stopping.aborted) {
    await settle('release on stop', delivery, settings, () => delivery.retry(0));
    return;
  }
  if (attempt >= settings.maxDeliveries) {
    await deadLetter(delivery, settings, failure.error, attempt);
    return;
  }
  await settle('retry', delivery, settings, () => delivery.retry(retryDelayMs(settings.backoffMs, attempt)));
}
