// CPU-heavy worker threads (analyses, terrain phases) yield the CPU to the thread that serves
// requests. On a machine with fewer cores than busy threads, the kernel otherwise shares the cores
// equally, and every request waits its turn behind a viewshed (issue 20). Linux keeps a nice value
// per thread (setpriority(2), NOTES), so a thread can lower its own priority by its thread id,
// read from /proc/thread-self; elsewhere this does nothing (the value is per process there).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice value of the CPU-heavy threads: under contention they get about a tenth of the API thread's CPU. */
export const BACKGROUND_THREAD_NICE = 10;

/** Lowers the calling thread's priority to `nice`; false where the platform cannot do it per thread. */
export function lowerThisThreadPriority(nice = BACKGROUND_THREAD_NICE): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
