// The test command: type-checks and lints, then runs every test/**/*.test.ts file in its own Node process
// (uvu inside), TEST_JOBS files at a time (default 2: most files wait on databases, queues and
// child processes, not the CPU), and ends with one line `N passed, N failed, N skipped` that CI reads.
// A file whose first lines hold `// test:serial` (it measures memory, kills processes or needs the
// machine to itself) runs alone, after the others. Each file's output is printed whole when it ends.
// Usage: npm test [-- <substring filter> ...]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const filters = process.argv.slice(2);
const perFileTimeoutMs = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 15 * 60_000);
const jobs = Math.max(1, Number(process.env.TEST_JOBS ?? Math.min(2, availableParallelism())));

function findTests(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...findTests(path));
    else if (name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

interface FileResult {
  file: string;
  passed: number;
  failed: number;
  skipped: number;
  crashed: boolean;
  seconds: number;
}

const isSerial = (file: string) => /^\/\/ test:serial\b/m.test(readFileSync(file, 'utf8').split('\n', 12).join('\n'));

function runFile(file: string): Promise<FileResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'test/run-file.ts'), file], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    const timer = setTimeout(() => {
      err += `\n!! ${relative(root, file)} timed out after ${perFileTimeoutMs} ms\n`;
      child.kill('SIGKILL');
    }, perFileTimeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`\n== ${relative(root, file)} (${seconds.toFixed(1)} s)\n${out}`);
      if (err) process.stderr.write(err);
      const total = Number(/Total:\s+(\d+)/.exec(out)?.[1] ?? NaN);
      const passed = Number(/Passed:\s+(\d+)/.exec(out)?.[1] ?? NaN);
      const skipped = Number(/Skipped:\s+(\d+)/.exec(out)?.[1] ?? 0);
      if (Number.isNaN(total) || Number.isNaN(passed)) {
        resolve({ file, passed: 0, failed: 1, skipped: 0, crashed: true, seconds });
        return;
      }
      // A file that printed a summary but exited non-zero (an unhandled rejection after the run,
      // a leaked failure) counts one failure more, so it is never reported green.
      // A file that ran and skipped nothing (a missing `test.run()`) is a failure too, never a silent pass.
      const empty = total === 0 && skipped === 0 ? 1 : 0;
      if (empty) process.stderr.write(`!! ${relative(root, file)} ran no test (is test.run() missing?)\n`);
      const failed = Math.max(total - passed, 0) + (code !== 0 && total === passed ? 1 : 0) + empty;
      resolve({ file, passed, failed, skipped, crashed: false, seconds });
    });
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;

/** Runs a check to its end with its output passed through; resolves to whether it succeeded. */
function check(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

// The type check and the lint step run side by side, before the tests; either failing fails the run.
// TEST_TYPECHECK=0 / TEST_LINT=0 leave one out (the runner's own test does), counted as skipped. The
// lint step lints the whole tree, so a run of some files (a filter) skips it; so does a checkout
// without the lint tools (`npm run lint:install`; .ci/run installs them).
const lintTools = join(root, 'tools/lint/node_modules/.bin/eslint');
const lintWanted = process.env.TEST_LINT !== '0' && filters.length === 0;
// On CI a missing lint tool is a failure, never a silent skip.
const lintMissingFails = lintWanted && !existsSync(lintTools) && process.env.CI === 'true';
if (lintWanted && !existsSync(lintTools))
  console.log(`!! lint tools not installed (npm run lint:install): lint ${lintMissingFails ? 'failed' : 'skipped'}`);
const [typecheck, lint] = await Promise.all([
  process.env.TEST_TYPECHECK === '0'
    ? null
    : check(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', root]),
  lintWanted && existsSync(lintTools) ? check('npm', ['run', '--silent', 'lint']) : null,
]);
for (const [name, ok] of [
  ['type check', typecheck],
  ['lint', lint],
] as const) {
  if (ok === null && name === 'lint' && lintMissingFails) {
    failed += 1;
    console.error('!! lint failed: CI=true and the lint tools are not installed');
  } else if (ok === null) skipped += 1;
  else if (ok) passed += 1;
  else {
    failed += 1;
    console.error(`!! ${name} failed`);
  }
}

const files = findTests(join(root, 'test')).filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
const failures: string[] = [];
const record = (result: FileResult) => {
  passed += result.passed;
  failed += result.failed;
  skipped += result.skipped;
  if (result.failed > 0) failures.push(`${relative(root, result.file)}${result.crashed ? ' (crashed)' : ''}`);
};
// Longest first: the files that took longest last time (TEST_DURATIONS, default .tmp/test-durations.json,
// written at the end of every run) start first, so the run does not end on one long file while the
// other jobs idle. Files without a record (new ones, or every file on a fresh checkout) come first,
// in path order.
const durationsFile = process.env.TEST_DURATIONS ?? join(root, '.tmp/test-durations.json');
const durations: Record<string, number> = (() => {
  try {
    return JSON.parse(readFileSync(durationsFile, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
})();
const lastDuration = (file: string) => durations[relative(root, file)] ?? Infinity;
const serial = files.filter(isSerial);
const parallel = files.filter((f) => !serial.includes(f));
const queue = [...parallel].sort((a, b) =>
  lastDuration(a) === lastDuration(b) ? 0 : lastDuration(b) - lastDuration(a),
);
const timed = (result: FileResult) => {
  durations[relative(root, result.file)] = Math.round(result.seconds * 10) / 10;
  record(result);
};
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) timed(await runFile(file));
  }),
);
for (const file of serial) timed(await runFile(file));
mkdirSync(dirname(durationsFile), { recursive: true });
writeFileSync(durationsFile, `${JSON.stringify(durations, null, 1)}\n`);

if (failures.length > 0) console.log(`\nFailing files:\n  ${failures.join('\n  ')}`);
if (files.length === 0) {
  console.log('no test file matched');
  failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
