// The test command's summary line counts the tests that need the shared data folder as skipped
// when it is absent (SHARED_DATA_DIR pointing nowhere), never as passed.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('..', import.meta.url));

test('without the shared data folder, the real-data tests are skipped, none passes or fails', () => {
  const durations = join(tmpdir(), `run-test-durations-${process.pid}.json`);
  const files = ['real-dems.test', 'real-dem-analyses.test', 'analyses-real-dem.test', 'osm-real-extracts.test'];
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/run.ts', ...files], {
    cwd: root,
    encoding: 'utf8',
    // Its durations go to a file of its own, not into the record that orders the real runs.
    env: {
      ...process.env,
      SHARED_DATA_DIR: '/nonexistent/shared-data',
      TEST_TYPECHECK: '0',
      TEST_DURATIONS: durations,
    },
  });
  rmSync(durations, { force: true });
  const summary = run.stdout.trim().split('\n').at(-1);
  // 4 Dallas/Vinschgau tile checks, 3 Vinschgau analyses, 1 per SQL backend over HTTP, 3 OSM extract
  // checks, and the type check and the lint step left out.
  assert.is(summary, '0 passed, 0 failed, 14 skipped', run.stdout + run.stderr);
  assert.ok(
    ['real-dems', 'real-dem-analyses', 'analyses-real-dem', 'osm-real-extracts'].every((name) =>
      run.stdout.includes(`${name}.test.ts`),
    ),
    run.stdout,
  );
});

test.run();
