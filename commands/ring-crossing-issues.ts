// The crossing checks of the rings a validator deferred (domain/map/geojson/deferred-ring-checks.ts),
// off the event loop when they are large: searching a ring is O(n log n) and a request may carry
// hundreds of thousands of positions, which would hold every other request for up to a second.
// Up to SYNC_CROSSING_POSITIONS positions in all, the rings are searched here (well under a
// millisecond); beyond, they are packed into one Float64Array (a linear copy) and searched on a
// worker thread while the loop serves other requests.
import { Piscina } from 'piscina';
import type { GeoJsonIssue } from '../domain/map/geojson/geojson-issue.ts';
import type { DeferredRingChecks } from '../domain/map/geojson/deferred-ring-checks.ts';
import { ringCrossingIssue } from '../domain/map/geojson/ring-crossing-issue.ts';
import type { PackedRings } from './ring-crossing-thread.ts';

/** Most positions searched on the event loop itself. */
export const SYNC_CROSSING_POSITIONS = 2_000;

let pool: Piscina<PackedRings, GeoJsonIssue[]> | null = null;

/** One thread for the whole process, started on first use and ended after a minute idle. */
function crossingPool(): Piscina<PackedRings, GeoJsonIssue[]> {
  pool ??= new Piscina({
    filename: new URL('./ring-crossing-thread.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    execArgv: ['--import', 'tsx'],
  });
  return pool;
}

function pack(deferred: DeferredRingChecks, positions: number): PackedRings {
  const coordinates = new Float64Array(positions * 3);
  const starts = [0];
  let p = 0;
  for (const { ring } of deferred) {
    for (const position of ring) {
      coordinates[p * 3] = position[0]!;
      coordinates[p * 3 + 1] = position[1]!;
      coordinates[p * 3 + 2] = position.length > 2 ? position[2]! : Number.NaN;
      p++;
    }
    starts.push(p);
  }
  return { coordinates, starts, locs: deferred.map((d) => d.loc) };
}

export async function ringCrossingIssues(deferred: DeferredRingChecks): Promise<GeoJsonIssue[]> {
  const positions = deferred.reduce((sum, d) => sum + d.ring.length, 0);
  if (positions <= SYNC_CROSSING_POSITIONS) {
    return deferred.map((d) => ringCrossingIssue(d.ring, d.loc)).filter((issue) => issue !== null);
  }
  const packed = pack(deferred, positions);
  return crossingPool().run(packed, { transferList: [packed.coordinates.buffer as ArrayBuffer] });
}
