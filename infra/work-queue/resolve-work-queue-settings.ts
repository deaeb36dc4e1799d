// Fills in the defaults of WorkQueueSettings and refuses values that would make the queue
// misbehave quietly (a zero ack wait redelivers everything at once, a negative backoff is a typo).
import {
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_BACKOFF_MS,
  DEFAULT_DUPLICATE_WINDOW_MS,
  DEFAULT_MAX_DELIVERIES,
  InvalidWorkQueueSettingsError,
  type DeadLetterHandler,
  type WorkQueueErrorReporter,
  type WorkQueueSettings,
} from './work-queue.ts';

export interface ResolvedWorkQueueSettings {
  ackWaitMs: number;
  maxDeliveries: number;
  backoffMs: number[];
  duplicateWindowMs: number;
  onDeadLetter: DeadLetterHandler | null;
  onError: WorkQueueErrorReporter;
}

const MAX_TIMER_MS = 2 ** 31 - 1; // setTimeout's limit; also far beyond any sane ack wait

function whole(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InvalidWorkQueueSettingsError(`${name}=${value} must be an integer from ${min} to ${max}`);
  }
  return value;
}

function reportToStderr(error: unknown, context: { during: string; taskId?: string }): void {
  const where = context.taskId ? `${context.during} (task ${context.taskId})` : context.during;
  console.error(`work queue: ${where}: ${error instanceof Error ? error.message : String(error)}`);
}

export function resolveWorkQueueSettings(settings: WorkQueueSettings): ResolvedWorkQueueSettings {
  const backoffMs = settings.backoffMs ?? [...DEFAULT_BACKOFF_MS];
  if (!Array.isArray(backoffMs) || backoffMs.length === 0) {
    throw new InvalidWorkQueueSettingsError('backoffMs must list at least one delay');
  }
  return {
    ackWaitMs: whole('ackWaitMs', settings.ackWaitMs ?? DEFAULT_ACK_WAIT_MS, 100, MAX_TIMER_MS),
    maxDeliveries: whole('maxDeliveries', settings.maxDeliveries ?? DEFAULT_MAX_DELIVERIES, 1, 1000),
    backoffMs: backoffMs.map((ms, i) => whole(`backoffMs[${i}]`, ms, 0, MAX_TIMER_MS)),
    duplicateWindowMs: whole(
      'duplicateWindowMs',
      settings.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS,
      1,
      365 * 24 * 3600 * 1000,
    ),
    onDeadLetter: settings.onDeadLetter ?? null,
    onError: settings.onError ?? reportToStderr,
  };
}
