// Where the real data sets live (DEMs, OSM extracts; provenance in its README.md): SHARED_DATA_DIR, by
// default ../shared/data beside the repository. A fresh clone has no such folder; the tests that need
// it register with `test.skip` then (`const check = path ? test : test.skip`), so the summary line
// says what was not checked instead of passing.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export const SHARED_DATA_DIR = resolve(repositoryRoot, process.env.SHARED_DATA_DIR ?? '../shared/data');

/** The path of `parts` inside the shared data folder, or undefined when that file or folder is absent. */
export function sharedData(...parts: string[]): string | undefined {
  const path = join(SHARED_DATA_DIR, ...parts);
  return existsSync(path) ? path : undefined;
}
