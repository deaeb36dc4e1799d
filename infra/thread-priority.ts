// CPU-heavy worker threads (analyses, terrain phases) yield the CPU to the threads that serve
// requests (the event loop, the embedded database's thread). On a machine with fewer cores than busy
// threads the kernel otherwise shares the cores equally, and every request waits its turn behind a
// viewshed (issue 20). Linux keeps a nice value per thread (setpriority(2), NOTES), so a thread can
// lower its own priority by its thread id, read from /proc/thread-self; elsewhere this does nothing
// (the value is the whole process's there).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Lowers the calling thread's priority to `nice` (0 leaves it); false where it cannot be done per thread. */
export function lowerThisThreadPriority(nice: number): boolean {
  if (nice === 0 || process.platform !== 'linux') return false;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
