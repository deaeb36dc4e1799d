// The test command's summary line counts the tests that need the shared data folder as skipped
// when it is absent (SHARED_DATA_DIR pointing nowhere), never as passed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('..', import.meta.url));

test('without the shared data folder, the real-data tests are skipped, none passes or fails', () => {
  const files = ['real-dems.test', 'real-dem-analyses.test', 'analyses-real-dem.test', 'osm-real-extracts.test'];
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/run.ts', ...files], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, SHARED_DATA_DIR: '/nonexistent/shared-data', TEST_TYPECHECK: '0' },
  });
  const summary = run.stdout.trim().split('\n').at(-1);
  // 4 Dallas/Vinschgau tile checks, 3 Vinschgau analyses, 1 per SQL backend over HTTP, 3 OSM extract
  // checks, and the type check left out.
  assert.is(summary, '0 passed, 0 failed, 13 skipped', run.stdout + run.stderr);
  assert.ok(['real-dems', 'real-dem-analyses', 'analyses-real-dem', 'osm-real-extracts']
    .every((name) => run.stdout.includes(`${name}.test.ts`)), run.stdout);
});

test.run();
