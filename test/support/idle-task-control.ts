// The TaskControl a test or benchmark hands to a worker's readers when no queue delivers the task:
// the first and last attempt, heartbeats go nowhere, never aborted.
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';

export function idleTaskControl(): TaskControl {
  return { attempt: 1, maxDeliveries: 1, heartbeat: () => {}, signal: new AbortController().signal };
}
