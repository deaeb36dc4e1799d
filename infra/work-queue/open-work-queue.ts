// Picks the work-queue adapter the configuration names (WORK_QUEUE, NATS_URL; DESIGN.md §4), so
// the dispatcher and every worker process open the same queue the same way.
import type { Config } from '../config.ts';
import { InProcessWorkQueue } from './in-process-work-queue.ts';
import { NatsWorkQueue, type NatsWorkQueueOptions } from './nats-work-queue.ts';
import type { WorkQueue, WorkQueueSettings } from './work-queue.ts';

/** Names of the JetStream objects; ignored by the in-process queue. */
export type WorkQueueNames = Pick<NatsWorkQueueOptions, 'stream' | 'subject' | 'durable' | 'connectionName'>;

/**
 * 'in-process' (embedded mode: one process, tasks in memory) or 'nats' (JetStream at
 * config.natsUrl, shared by every process). Timing settings (ackWaitMs, maxDeliveries, ...)
 * and onDeadLetter come from the caller.
 */
export async function openWorkQueue(
  config: Pick<Config, 'workQueue' | 'natsUrl'>,
  settings: WorkQueueSettings & WorkQueueNames = {},
): Promise<WorkQueue> {
  switch (config.workQueue) {
    case 'in-process':
      return InProcessWorkQueue.open(settings);
    case 'nats':
      if (!config.natsUrl) throw new Error('WORK_QUEUE=nats needs NATS_URL (nats://127.0.0.1:4222)');
      return NatsWorkQueue.open({ ...settings, url: config.natsUrl });
  }
}
