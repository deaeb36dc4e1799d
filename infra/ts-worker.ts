// A worker thread whose entry is a TypeScript module. Node 20 gives a worker none of the process's
// module hooks, and `--import tsx` in its execArgv comes too late for its entry module (piscina
// sidesteps this with a JavaScript entry of its own): a plain script registers tsx, then imports it.
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startTsWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const script = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(script, { ...options, eval: true });
}
