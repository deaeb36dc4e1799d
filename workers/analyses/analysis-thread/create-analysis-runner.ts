// A pool of analysis threads (piscina): one running analysis per thread; progress comes back over a
// MessageChannel. Setting `stop` (shared memory) ends the analysis at its next progress point and
// keeps the thread; aborting the signal (the queue gave the task up) terminates the thread.
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { AnalysisThreadProgress, AnalysisThreadResult, AnalysisThreadTask } from './analysis-thread-task.ts';

export interface AnalysisRunner {
  run(
    task: Omit<AnalysisThreadTask, 'progressPort'>,
    options: { onProgress?: (progress: AnalysisThreadProgress) => void; signal?: AbortSignal },
  ): Promise<AnalysisThreadResult>;
  destroy(): Promise<void>;
}

/** `nice`: the threads' nice value (infra/thread-priority.ts). */
export function createAnalysisRunner(threads: number, nice = 0): AnalysisRunner {
  const piscina = new Piscina<AnalysisThreadTask, AnalysisThreadResult>({
    filename: new URL('./analysis-thread-worker.ts', import.meta.url).href,
    // None while idle (each loads the terrain code, tens of MB), but kept a minute after the last
    // analysis: a thread's start (loading that code) costs about a second, which a line of sight
    // answered at once would otherwise pay every time.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    execArgv: ['--import', 'tsx'],
    // geotiff's `web-worker` shim reads workerData.mod in any worker thread (see create-phase-runner.ts).
    workerData: { nice },
  });
  return {
    async run(task, options) {
      const channel = new MessageChannel();
      channel.port1.on('message', (progress: AnalysisThreadProgress) => options.onProgress?.(progress));
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
