// Drives GRASS GIS (Debian grass-core) as the independent reference: a throw-away XY location per
// call (`grass --tmp-location XY --exec`), rasters in and out as ESRI/GRASS ASCII grids.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface AsciiGrid {
  width: number;
  height: number;
  /** NaN = null. */
  data: ArrayLike<number>;
  /** Cell size in map units (metres) east-west and north-south. */
  ewRes: number;
  nsRes: number;
}

/**
 * GRASS ASCII raster text for r.in.ascii type=DCELL (without it, r.in.ascii truncates to integers):
 * doubles printed with 17 significant digits, NaN as `*`.
 */
export function grassAscii(grid: AsciiGrid): string {
  const lines = [
    `north: ${grid.height * grid.nsRes}`,
    'south: 0',
    `east: ${grid.width * grid.ewRes}`,
    'west: 0',
    `rows: ${grid.height}`,
    `cols: ${grid.width}`,
    'null: *',
  ];
  for (let r = 0; r < grid.height; r++) {
    const row: string[] = [];
    for (let c = 0; c < grid.width; c++) {
      const v = grid.data[r * grid.width + c];
      row.push(v === v ? v.toPrecision(17) : '*');
    }
    lines.push(row.join(' '));
  }
  return `${lines.join('\n')}\n`;
}

/** Parses r.out.ascii output (with its header) into a Float64Array, '*' as NaN. */
export function parseGrassAscii(text: string): { width: number; height: number; data: Float64Array } {
  const lines = text.trim().split('\n');
  const header = new Map<string, string>();
  let i = 0;
  for (; i < lines.length && /^[a-z]+:/.test(lines[i]); i++) {
    const [key, value] = lines[i].split(':');
    header.set(key.trim(), value.trim());
  }
  const width = Number(header.get('cols'));
  const height = Number(header.get('rows'));
  const data = new Float64Array(width * height);
  let k = 0;
  for (; i < lines.length; i++) {
    for (const token of lines[i].trim().split(/\s+/)) data[k++] = token === '*' ? NaN : Number(token);
  }
  if (k !== width * height) throw new Error(`r.out.ascii gave ${k} values for ${width} x ${height}`);
  return { width, height, data };
}

/**
 * Runs a shell script inside a temporary GRASS XY location, in a temporary directory holding
 * `files`; returns the contents of `outputs` (file names the script writes there).
 */
export function runGrass(script: string, files: Record<string, string>, outputs: string[]): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'grass-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, 'run.sh'), `set -e\ncd '${dir}'\n${script}\n`);
    execFileSync('grass', ['--tmp-location', 'XY', '--exec', 'bash', join(dir, 'run.sh')], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
    });
    return Object.fromEntries(outputs.map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type GrassCell = { col: number; row: number };

/** r.cost on `cost` from start cells, as GRASS's accumulated cost (in east-west cells × cost). */
export function grassRCost(
  cost: AsciiGrid,
  starts: { col: number; row: number }[],
  knightsMove: boolean,
): Float64Array {
  const coordinates = starts
    .map((s) => `${(s.col + 0.5) * cost.ewRes},${(cost.height - s.row - 0.5) * cost.nsRes}`)
    .join(',');
  const script = [
    'r.in.ascii input=cost.asc output=cost type=DCELL --quiet',
    'g.region raster=cost',
    `r.cost ${knightsMove ? '-k ' : ''}input=cost output=acc start_coordinates=${coordinates} --quiet`,
    'r.out.ascii input=acc output=acc.asc precision=17 null_value=* --quiet',
  ].join('\n');
  const out = runGrass(script, { 'cost.asc': grassAscii(cost) }, ['acc.asc']);
  return parseGrassAscii(out['acc.asc']).data;
}

/**
 * r.cost with its movement directions, then r.path from each target back to the starts: the cells
 * of GRASS's least-cost paths (the union over the targets), as a 0/1 mask.
 */
export function grassRPath(
  cost: AsciiGrid,
  starts: GrassCell[],
  targets: GrassCell[],
  knightsMove: boolean,
): Uint8Array {
  const coordinates = (cells: GrassCell[]) =>
    cells.map((s) => `${(s.col + 0.5) * cost.ewRes},${(cost.height - s.row - 0.5) * cost.nsRes}`).join(',');
  const script = [
    'r.in.ascii input=cost.asc output=cost type=DCELL --quiet',
    'g.region raster=cost',
    `r.cost ${knightsMove ? '-k ' : ''}input=cost output=acc outdir=dir --quiet ` +
      `start_coordinates=${coordinates(starts)}`,
    `r.path input=dir format=auto start_coordinates=${coordinates(targets)} raster_path=path --quiet`,
    'r.out.ascii input=path output=path.asc null_value=* --quiet',
  ].join('\n');
  const out = runGrass(script, { 'cost.asc': grassAscii(cost) }, ['path.asc']);
  return Uint8Array.from(parseGrassAscii(out['path.asc']).data, (v) => (Number.isNaN(v) ? 0 : 1));
}
