// The tile server's pure rules: which covering job answers a tile (ready, not-ready, empty), the
// If-None-Match comparison, the content ETag, and the WebMercatorQuad matrices.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tileReadiness } from '../../projections/queries/tile-readiness.ts';
import type { TileCoverageRow } from '../../projections/queries/tile-readiness-queries.ts';
import { ifNoneMatchMatches } from '../../api/ogc/if-none-match-matches.ts';
import { contentEtag } from '../../api/ogc/content-etag.ts';
import { webMercatorQuadDefinition } from '../../api/ogc/web-mercator-quad-definition.ts';
import { workTileRangeBounds } from '../../api/ogc/work-tile-range-bounds.ts';
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';

const row = (
  job_id: string,
  job_status: TileCoverageRow['job_status'],
  phase_status: TileCoverageRow['phase_status'],
  fingerprint: string | null = `fp-${job_id}`,
): TileCoverageRow => ({ job_id, job_status, phase_status, fingerprint });

test('no covering job: empty', () => {
  assert.equal(tileReadiness([]), { status: 'empty' });
});

test('complete, cached and partial phases are ready; the newest ready job wins', () => {
  for (const status of ['complete', 'cached', 'partial'] as const) {
    assert.equal(
      tileReadiness([row('a', 'in_progress', status)]),
      { status: 'ready', job_id: 'a', fingerprint: 'fp-a' },
      status,
    );
  }
  assert.equal(tileReadiness([row('new', 'success', 'cached'), row('old', 'success', 'complete')]), {
    status: 'ready',
    job_id: 'new',
    fingerprint: 'fp-new',
  });
});

test('a ready job wins over a newer running one; a newer failed one does not hide it', () => {
  assert.equal(tileReadiness([row('running', 'in_progress', 'running'), row('done', 'success', 'complete')]), {
    status: 'ready',
    job_id: 'done',
    fingerprint: 'fp-done',
  });
  assert.equal(tileReadiness([row('broken', 'failed', 'failed'), row('done', 'success', 'complete')]), {
    status: 'ready',
    job_id: 'done',
    fingerprint: 'fp-done',
  });
});

test('a running job with the phase pending, queued or running: not-ready', () => {
  for (const phase of ['pending', 'queued', 'running'] as const) {
    for (const job of ['pending', 'in_progress'] as const) {
      assert.equal(tileReadiness([row('a', job, phase)]), { status: 'not-ready' }, `${job}/${phase}`);
    }
  }
  assert.equal(tileReadiness([row('dead', 'cancelled', 'canceled'), row('live', 'in_progress', 'queued')]), {
    status: 'not-ready',
  });
});

test('phases that ended without output, or jobs that ended, are empty', () => {
  for (const phase of ['failed', 'blocked', 'canceled', 'skipped'] as const) {
    assert.equal(tileReadiness([row('a', 'in_progress', phase)]), { status: 'empty' }, phase);
  }
  // A terminal job whose phase never ran (not a state the decider produces, but never "not ready").
  assert.equal(tileReadiness([row('a', 'failed', 'pending')]), { status: 'empty' });
  assert.equal(tileReadiness([row('a', 'cancelled', 'canceled'), row('b', 'failed', 'blocked')]), { status: 'empty' });
});

test('a ready phase without a recorded fingerprint cannot address a tile', () => {
  assert.equal(tileReadiness([row('a', 'success', 'complete', null)]), { status: 'empty' });
  assert.equal(tileReadiness([row('a', 'success', 'complete', null), row('b', 'success', 'complete')]), {
    status: 'ready',
    job_id: 'b',
    fingerprint: 'fp-b',
  });
  assert.equal(tileReadiness([row('a', 'in_progress', null)]), { status: 'empty' }, 'a job without the phase');
});

test('If-None-Match: exact, weak, lists, star; not empty or other tags', () => {
  const etag = '"abc"';
  assert.ok(ifNoneMatchMatches('"abc"', etag));
  assert.ok(ifNoneMatchMatches('W/"abc"', etag));
  assert.ok(ifNoneMatchMatches('"x", "abc"', etag));
  assert.ok(ifNoneMatchMatches(' "x" ,W/"abc" ', etag));
  assert.ok(ifNoneMatchMatches('*', etag));
  assert.not.ok(ifNoneMatchMatches(undefined, etag));
  assert.not.ok(ifNoneMatchMatches('', etag));
  assert.not.ok(ifNoneMatchMatches('"abcd"', etag));
  assert.not.ok(ifNoneMatchMatches('abc', etag), 'an unquoted tag is not the tag');
  assert.not.ok(ifNoneMatchMatches(',', etag));
});

test('content ETag: strong, 128 bits, equal for equal bytes only', () => {
  const a = contentEtag(new Uint8Array([1, 2, 3]));
  assert.match(a, /^"[0-9a-f]{32}"$/);
  assert.is(contentEtag(Uint8Array.from([1, 2, 3])), a);
  assert.is.not(contentEtag(new Uint8Array([1, 2, 4])), a);
  assert.is(contentEtag(new Uint8Array(0)), '"e3b0c44298fc1c149afbf4c8996fb924"', 'SHA-256 of nothing');
});

test('WebMercatorQuad: 25 levels, each half the previous cell size, spanning the world', () => {
  const tms = webMercatorQuadDefinition();
  assert.is(tms.tileMatrices.length, 25);
  for (let z = 1; z < 25; z++) {
    const [previous, current] = [tms.tileMatrices[z - 1]!, tms.tileMatrices[z]!];
    assert.is(previous.cellSize / current.cellSize, 2);
    assert.is(current.matrixWidth, 2 ** z);
  }
  assert.equal(tms.boundingBox.lowerLeft, [-20037508.3427892, -20037508.3427892]);
});

test('work tile range bounds: north-west corner of the first tile to south-east of the last', () => {
  const [w, s, e, n] = workTileRangeBounds({ minX: 2176, maxX: 2177, minY: 1360, maxY: 1361 });
  assert.equal([w, n], [tileBounds({ z: 12, x: 2176, y: 1360 })[0], tileBounds({ z: 12, x: 2176, y: 1360 })[3]]);
  assert.equal([e, s], [tileBounds({ z: 12, x: 2177, y: 1361 })[2], tileBounds({ z: 12, x: 2177, y: 1361 })[1]]);
  assert.ok(w < e && s < n);
  assert.ok(Math.abs(w - 11.25) < 1e-9, '2176 / 4096 of the way round from 180°W');
});

test.run();
