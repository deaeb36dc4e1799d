// The known terrain and the order of the COA development tests: the ridge with two passes of
// test/domain/terrain-evaluation.test.ts (rows 95–104, an 800 m pass at cols 44–75 and a 350 m one at
// cols 173–186) evaluated for a battalion, and fixtures/opord-granite.txt read for TF 1-35 AR.
import { readFileSync } from 'node:fs';
import { evaluateTerrain } from '../../../../domain/terrain-evaluation/evaluate-terrain.ts';
import { readOrder } from '../../../../domain/orders/read-order.ts';
import { orderFacts } from '../../../../domain/coa-development/order-facts.ts';
import { terrainFacts, type TerrainFacts } from '../../../../domain/coa-development/terrain-facts.ts';
import type { Force } from '../../../../domain/terrain-evaluation/terrain-evaluation-types.ts';

export const C = 25;
const DLAT = C / 111_320;
const DLON = C / (111_320 * Math.cos((50 * Math.PI) / 180));
const toLonLat = (x: number, y: number): [number, number] => [10 + x * DLON, 50 - y * DLAT];
let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

const WIDTH = 240,
  HEIGHT = 200;
const maskOf = (inside: (col: number, row: number) => boolean) => {
  const m = new Uint8Array(WIDTH * HEIGHT);
  for (let r = 0; r < HEIGHT; r++) for (let c = 0; c < WIDTH; c++) if (inside(c, r)) m[r * WIDTH + c] = 1;
  return m;
};

/** The ridge of test/domain/terrain-evaluation.test.ts: rows 95–104, passes at cols 44–75 and 173–186. */
export function ridgeFacts(force: Force, direction = 'friendly'): TerrainFacts {
  const elevation = new Float32Array(WIDTH * HEIGHT).fill(100);
  const slope = new Float32Array(WIDTH * HEIGHT);
  for (let r = 95; r <= 104; r++) {
    for (let c = 0; c < WIDTH; c++) {
      if ((c >= 44 && c <= 75) || (c >= 173 && c <= 186)) continue;
      elevation[r * WIDTH + c] = 300;
      slope[r * WIDTH + c] = 60;
    }
  }
  const evaluation = evaluateTerrain({
    width: WIDTH,
    height: HEIGHT,
    cellSizeM: C,
    elevation,
    slopeDegrees: slope,
    landCover: new Uint8Array(WIDTH * HEIGHT).fill(30),
    landCoverNodata: 0,
    force,
    echelon: 'battalion',
    toLonLat,
    newId,
    directions: [
      {
        name: direction,
        start: maskOf((c, r) => r === 190 && c >= 10 && c < 230),
        objective: maskOf((c, r) => (c - 120) ** 2 + (r - 10) ** 2 <= 25),
      },
    ],
  });
  return terrainFacts('analysis-1', evaluation.result, evaluation.layers.avenue_of_approach, direction)!;
}

export const ORDER = readFileSync(new URL('../fixtures/opord-granite.txt', import.meta.url), 'utf8');
export function facts(text = ORDER) {
  return orderFacts(
    readOrder({
      document: { document_id: 'doc-1', pages: [{ page: 1, text }] },
      unit: { name: 'Task Force 1-35 Armor', designations: ['TF 1-35 AR'] },
      reference_date: '2026-11-25T12:00:00Z',
    }),
  );
}
