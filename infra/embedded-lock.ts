// PGlite is one process's database: two processes opening the same directory would corrupt it.
// A lock file with the owner's pid refuses the second opener with a clear message.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class EmbeddedLockError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock on `dir`; returns the release function. */
export function lockEmbeddedDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'embedded.lock');
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(path, 'utf8').trim());
    if (owner && owner !== process.pid && alive(owner)) {
      throw new EmbeddedLockError(
        `the embedded database in ${dir} is in use by process ${owner}; stop it first (or use the HTTP API, or EVENT_STORE=postgres)`,
      );
    }
    writeFileSync(path, String(process.pid));
  }
  return () => rmSync(path, { force: true });
}
