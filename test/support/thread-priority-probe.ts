// Worker entry of the thread-priority test: lowers this thread's priority, reports its nice value.
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../../infra/thread-priority.ts';

const lowered = lowerThisThreadPriority(10);
const nice = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16]);
parentPort!.postMessage({ lowered, nice });
