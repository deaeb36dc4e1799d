// A pool of phase threads (piscina). Each running phase occupies one thread; progress comes back
// over a MessageChannel, cancellation aborts the thread's task.
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { PhaseResult, PhaseProgress } from '../build-area-products/phase-types.ts';
import type { PhaseThreadTask } from './phase-thread-task.ts';

export interface PhaseRunner {
  run(
    task: Omit<PhaseThreadTask, 'progressPort'>,
    options: { onProgress?: (p: Pick<PhaseProgress, 'counts' | 'cached' | 'tiles'>) => void; signal?: AbortSignal },
  ): Promise<PhaseResult>;
  destroy(): Promise<void>;
}

/** `nice`: the threads' nice value (infra/thread-priority.ts). */
export function createPhaseRunner(threads: number, nice = 0): PhaseRunner {
  const piscina = new Piscina<PhaseThreadTask, PhaseResult>({
    filename: new URL('./phase-thread-worker.ts', import.meta.url).href,
    // Threads start with the first phase and end when idle: an idle server holds none (each one
    // loads the terrain code and its libraries, tens of MB).
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 15_000,
    // TypeScript workers load through tsx, as the rest of the service does (no build step).
    execArgv: ['--import', 'tsx'],
    // geotiff pulls in the `web-worker` shim, which in any worker thread reads workerData.mod and
    // throws when workerData is undefined; an object tells it this is not its own worker.
    workerData: { nice },
  });
  return {
    async run(task, options) {
      const channel = new MessageChannel();
      channel.port1.on('message', (progress) => options.onProgress?.(progress));
      try {
        return await piscina.run(
          { ...task, progressPort: channel.port2 },
          { transferList: [channel.port2], signal: options.signal },
        );
      } finally {
        channel.port1.close();
      }
    },
    destroy: () => piscina.destroy(),
  };
}
