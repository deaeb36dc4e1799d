// Mask → polygon tracing (issue 23): hand-made masks whose rings are known exactly, the shapes that
// broke the layer validation on a real coastline (corner pinches, one-cell spikes, holes touching the
// outer ring), and a seeded random sweep. Every polygon must pass the API's own geometry validation
// and cover exactly the mask's cells.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { maskPolygons, type MaskPolygon } from '../../domain/terrain-evaluation/mask-polygons.ts';
import { validateGeometry } from '../../domain/map/geojson/validate-geometry.ts';

// Pixel corner (x, y) → [x, −y]: rows grow southward, latitude northward, as on the real grid.
const id = (x: number, y: number): [number, number] => [x, -y];

/** A mask drawn as rows of '#' (in) and '.' (out). */
function drawn(rows: string[]) {
  const width = rows[0]!.length;
  const mask = Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0));
  return { mask, width, height: rows.length };
}

/** Signed area of a closed ring (counter-clockwise positive). */
function ringArea(ring: number[][]): number {
  let a = 0;
  for (let k = 0; k + 1 < ring.length; k++) a += ring[k]![0]! * ring[k + 1]![1]! - ring[k + 1]![0]! * ring[k]![1]!;
  return a / 2;
}

/** Traces the mask, checks every polygon with the API's validation and its area, and returns the polygons. */
function traced(rows: string[]): MaskPolygon[] {
  const { mask, width, height } = drawn(rows);
  const polygons = maskPolygons(mask, width, height, id);
  checkPolygons(polygons, mask);
  return polygons;
}

function checkPolygons(polygons: MaskPolygon[], mask: Uint8Array) {
  let total = 0;
  for (const p of polygons) {
    assert.equal(
      validateGeometry({ type: 'Polygon', coordinates: p.coordinates }, ['Polygon'], []),
      [],
      JSON.stringify(p.coordinates),
    );
    const [outer, ...holes] = p.coordinates;
    assert.ok(ringArea(outer!) > 0, 'outer ring counter-clockwise');
    for (const hole of holes) assert.ok(ringArea(hole) < 0, 'holes clockwise');
    const area = p.coordinates.reduce((s, r) => s + ringArea(r), 0);
    assert.is(area, p.cells, 'polygon area equals its cell count');
    total += area;
  }
  assert.is(
    total,
    mask.reduce((s, v) => s + (v !== 0 ? 1 : 0), 0),
    'polygons cover exactly the mask cells',
  );
}

test('checkerboard pinch: two cells touching at a corner are two squares', () => {
  assert.equal(
    traced(['#.', '.#']).map((p) => p.coordinates),
    [
      [
        [
          [0, 0],
          [0, -1],
          [1, -1],
          [1, 0],
          [0, 0],
        ],
      ],
      [
        [
          [1, -1],
          [1, -2],
          [2, -2],
          [2, -1],
          [1, -1],
        ],
      ],
    ],
  );
  // Three cells in a zigzag: three squares, none sharing a ring.
  assert.is(traced(['#.', '.#', '#.']).length, 3);
});

test('one-cell-wide spikes run out and back without doubling over', () => {
  assert.equal(
    traced(['##', '#.', '#.', '##', '.#', '.#']).map((p) => p.coordinates),
    [
      [
        [
          [0, 0],
          [0, -4],
          [1, -4],
          [1, -6],
          [2, -6],
          [2, -3],
          [1, -3],
          [1, -1],
          [2, -1],
          [2, 0],
          [0, 0],
        ],
      ],
    ],
  );
  assert.equal(
    traced(['###', '###', '.#.', '.#.']).map((p) => p.coordinates),
    [
      [
        [
          [0, 0],
          [0, -2],
          [1, -2],
          [1, -4],
          [2, -4],
          [2, -2],
          [3, -2],
          [3, 0],
          [0, 0],
        ],
      ],
    ],
  );
});

test('a hole is its own clockwise ring; an island in it is its own polygon', () => {
  assert.equal(
    traced(['#####', '#...#', '#.#.#', '#...#', '#####']).map((p) => [p.cells, p.coordinates]),
    [
      [
        16,
        [
          [
            [0, 0],
            [0, -5],
            [5, -5],
            [5, 0],
            [0, 0],
          ],
          [
            [4, -1],
            [4, -4],
            [1, -4],
            [1, -1],
            [4, -1],
          ],
        ],
      ],
      [
        1,
        [
          [
            [2, -2],
            [2, -3],
            [3, -3],
            [3, -2],
            [2, -2],
          ],
        ],
      ],
    ],
  );
});

test('a hole touching the outer ring at a corner is a hole, not a ring passing the corner twice', () => {
  // The centre cell is enclosed; the missing corner cell is outside; they meet at (2, 2).
  assert.equal(
    traced(['###', '#.#', '##.']).map((p) => p.coordinates),
    [
      [
        [
          [0, 0],
          [0, -3],
          [2, -3],
          [2, -2],
          [3, -2],
          [3, 0],
          [0, 0],
        ],
        [
          [2, -1],
          [2, -2],
          [1, -2],
          [1, -1],
          [2, -1],
        ],
      ],
    ],
  );
  // Two pinches: the L-shaped hole meets the outside at (1, 1) and at (3, 3).
  assert.equal(
    traced(['.###', '#..#', '#.##', '###.']).map((p) => p.coordinates),
    [
      [
        [
          [1, 0],
          [1, -1],
          [0, -1],
          [0, -4],
          [3, -4],
          [3, -3],
          [4, -3],
          [4, 0],
          [1, 0],
        ],
        [
          [3, -1],
          [3, -2],
          [2, -2],
          [2, -3],
          [1, -3],
          [1, -1],
          [3, -1],
        ],
      ],
    ],
  );
});

test('random masks: every ring valid, areas exact', () => {
  let seed = 23;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let trial = 0; trial < 200; trial++) {
    const width = 3 + (trial % 9),
      height = 3 + ((trial * 7) % 11);
    const fill = 0.3 + 0.4 * random();
    const mask = Uint8Array.from({ length: width * height }, () =>
      random() < fill ? 1 + Math.floor(random() * 2) : 0,
    );
    const polygons = maskPolygons(mask, width, height, id);
    checkPolygons(polygons, mask);
    for (const p of polygons) assert.is(mask[p.firstCell], p.value);
  }
});

test.run();
