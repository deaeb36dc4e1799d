// Creating a PGlite database (initdb) grows its WebAssembly memory to about 800 MB, and a process
// does not get that back: a server that initialised its own data directory would hold it for its
// whole life (1.07 GB idle, issue 9). So a new directory is initialised by a short-lived child
// process, and the server opens the finished directory at a fraction of that. It may take minutes on a
// loaded machine (seen: over 2 at load 40 on 2 cores), hence the generous timeout.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const INITIALISE = `
const { PGlite } = await import('@electric-sql/pglite');
const db = new PGlite(process.argv[1]);
await db.waitReady;
await db.close();
`;

export function isPgliteDataDir(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

export async function createPgliteDataDir(dir: string): Promise<void> {
  if (isPgliteDataDir(dir)) return;
  // Run from this package's folder so the child resolves @electric-sql/pglite as this process does.
  const cwd = fileURLToPath(new URL('../..', import.meta.url));
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', INITIALISE, dir],
      { cwd, timeout: 600_000 },
      (error, _stdout, stderr) => {
        if (error)
          reject(new Error(`PGlite could not create its database in ${dir}: ${stderr.trim() || error.message}`));
        else resolve();
      },
    );
  });
}
