// Places each module's test where README's rule says ("A test's place follows the code's place"): a
// test named after a module it imports moves to that module's path under test/, e.g.
// test/terrain-raster/sample-bilinear.test.ts → test/domain/terrain/sample-bilinear.test.ts. Other
// tests (a feature through HTTP, several processes, an adapter contract) stay where they are.
// Prints the moves; with --apply runs them with `git mv`, re-points the relative imports and
// `new URL('…', import.meta.url)` paths of the moved files and of files importing them, and updates
// the paths quoted in tracked Markdown and TypeScript. Run `npx tsc --noEmit -p .` afterwards.
// Usage: npx tsx scripts/place-tests.ts [--apply]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const tracked = git('ls-files').split('\n').filter(Boolean);
const trackedSet = new Set(tracked);

const SPECIFIER = /(from\s+|import\(\s*|new URL\(\s*)'(\.{1,2}\/[^']*)'/g;

/** The repository paths a file refers to by relative specifiers. */
function relativeRefs(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(SPECIFIER)].map((m) => posix.normalize(posix.join(posix.dirname(file), m[2]!)));
}

const moves = new Map<string, string>();
for (const test of tracked.filter((f) => f.startsWith('test/') && f.endsWith('.test.ts'))) {
  const name = basename(test, '.test.ts');
  const module = relativeRefs(test).find(
    (ref) => !ref.startsWith('test/') && basename(ref, '.ts') === name && trackedSet.has(ref),
  );
  if (!module) continue;
  const target = posix.join('test', posix.dirname(module), `${name}.test.ts`);
  if (target !== test) moves.set(test, target);
}

for (const [from, to] of moves) console.log(`git mv ${from} ${to}`);
console.log(`${moves.size} moves`);
if (!process.argv.includes('--apply')) process.exit(0);

const newPath = (path: string) => moves.get(path) ?? path;
const rel = (fromFile: string, target: string) => {
  const r = relative(dirname(fromFile), target).split('\\').join('/');
  return r.startsWith('.') ? r : `./${r}`;
};

// Which files need their specifiers rewritten: the moved ones, and those referring to a moved one.
const movedTargets = new Set(moves.keys());
const touched = tracked.filter(
  (f) => /\.(ts|mjs|js)$/.test(f) && (moves.has(f) || relativeRefs(f).some((r) => movedTargets.has(r))),
);

for (const [from, to] of moves) {
  mkdirSync(join(root, dirname(to)), { recursive: true });
  git('mv', from, to);
}
for (const oldFile of touched) {
  const file = newPath(oldFile);
  const text = readFileSync(join(root, file), 'utf8');
  const rewritten = text.replace(SPECIFIER, (whole, lead: string, spec: string) => {
    const trailingSlash = spec.endsWith('/') ? '/' : '';
    const target = newPath(posix.normalize(posix.join(posix.dirname(oldFile), spec)));
    return `${lead}'${rel(file, target)}${trailingSlash && !rel(file, target).endsWith('/') ? '/' : ''}'`;
  });
  if (rewritten !== text) writeFileSync(join(root, file), rewritten);
}
// Paths quoted in documentation and comments (not in this script's own example).
for (const file of git('ls-files')
  .split('\n')
  .filter((f) => /\.(md|ts)$/.test(f) && f !== 'scripts/place-tests.ts')) {
  const text = readFileSync(join(root, file), 'utf8');
  let next = text;
  for (const [from, to] of moves) next = next.split(from).join(to);
  if (next !== text) writeFileSync(join(root, file), next);
}
// New relative paths change line lengths: the moved and re-pointed files are formatted again.
const prettier = join(root, 'tools/lint/node_modules/.bin/prettier');
if (existsSync(prettier)) {
  execFileSync(prettier, ['--write', '--log-level', 'warn', ...new Set(touched.map(newPath))], {
    cwd: root,
    stdio: 'inherit',
  });
}
console.log('applied; now: npx tsc --noEmit -p . && npm test');
