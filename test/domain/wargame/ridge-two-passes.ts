// A synthetic test terrain with a known answer: an east–west ridge (NO-GO) between the start line and
// the objective, crossed by a wide open pass in the west (GO) and a narrow pass in the east (SLOW-GO,
// mined, overwatched by an enemy platoon). The enemy company defends the objective north of the
// ridge; nothing north of the ridge sees south of its crest. The west pass is the one the terrain favours.
import { footprintGrid, lonLatOfCell } from '../../../domain/analysis-job/footprint-grid.ts';
import type { RasterTerrain } from '../../../domain/wargame/raster-terrain-samplers.ts';
import type {
  FriendlyUnit,
  LonLat,
  TerrainSamplers,
  WargameScenario,
} from '../../../domain/wargame/wargame-scenario.ts';

export const CREST_LAT = 50.05;
const RIDGE = { south: 50.045, north: 50.055 };
export const WEST_PASS = { west: 9.98, east: 9.99, lon: 9.985 };
export const EAST_PASS = { west: 10.02, east: 10.025, lon: 10.0225 };
export const OBJECTIVE: LonLat = [10.0, 50.1];

export const ridgeTerrain: TerrainSamplers = {
  mobility([lon, lat]) {
    if (lat < RIDGE.south || lat > RIDGE.north) return 'GO';
    if (lon >= WEST_PASS.west && lon <= WEST_PASS.east) return 'GO';
    if (lon >= EAST_PASS.west && lon <= EAST_PASS.east) return 'SLOW-GO';
    return 'NO-GO';
  },
  // Every enemy position is north of the ridge: it sees the crest and the ground north of it.
  visible: (_from, to) => to[1] >= CREST_LAT,
};

const westAxis: LonLat[] = [[WEST_PASS.lon, 50.0], [WEST_PASS.lon, CREST_LAT], OBJECTIVE];
const eastAxis: LonLat[] = [[EAST_PASS.lon, 50.0], [EAST_PASS.lon, CREST_LAT], OBJECTIVE];

const company = (
  id: string,
  name: string,
  role: FriendlyUnit['role'],
  axis: LonLat[],
  power: number,
): FriendlyUnit => ({
  id,
  name,
  echelon: 'company',
  role,
  combat_power: power,
  speed_class: 'tracked',
  weapon_class: 'tank',
  axis,
  objective: 'OBJ IRON',
});

/**
 * A tank-heavy team (2.5) as main effort through one pass, a reduced company (0.5) through the other as
 * supporting effort, a company (1) in reserve behind the main effort; the order wants the main
 * effort on OBJ IRON by H+45.
 */
export function scenario(
  main: 'west' | 'east',
  seed: number,
  method: WargameScenario['method'] = 'belt',
): WargameScenario {
  const [meAxis, seAxis] = main === 'west' ? [westAxis, eastAxis] : [eastAxis, westAxis];
  return {
    coa: main === 'west' ? 'COA 1 (west pass)' : 'COA 2 (east pass)',
    method,
    seed,
    h_hour: '2026-05-01T04:00:00.000Z',
    objective_nlt: '2026-05-01T04:45:00.000Z',
    friendly: [
      company('a', 'TM A', 'main_effort', meAxis, 2.5),
      company('b', 'B Co', 'supporting_effort', seAxis, 0.5),
      company('c', 'C Co', 'reserve', meAxis, 1),
    ],
    enemy: [
      {
        id: 'e1',
        name: '1st MR Coy',
        combat_power: 1,
        weapon_class: 'atgm',
        posture: 'prepared_defence',
        position: OBJECTIVE,
        reaction: 'defend',
      },
      {
        id: 'e2',
        name: 'Overwatch Plt',
        combat_power: 0.33,
        weapon_class: 'heavy_machine_gun',
        posture: 'hasty_defence',
        position: [EAST_PASS.lon, 50.062],
        reaction: 'delay',
        route: [
          [EAST_PASS.lon, 50.062],
          [10.01, 50.095],
        ],
        trigger_m: 1200,
        speed_class: 'wheeled',
      },
    ],
    obstacles: [{ id: 'o1', name: 'Minefield EAST GATE', kind: 'minefield', position: [EAST_PASS.lon, 50.047] }],
    chokepoints: [
      { id: 'k1', name: 'WEST PASS', position: [WEST_PASS.lon, CREST_LAT] },
      { id: 'k2', name: 'EAST PASS', position: [EAST_PASS.lon, CREST_LAT] },
    ],
    terrain: ridgeTerrain,
    combat_power_threshold: 0.7,
    decisions: { main_effort_delayed: 'commit_reserve', combat_power_low: 'commit_reserve' },
  };
}

/**
 * The same ridge as rasters on the zoom-12 work grid (tiles x 2161–2162, y 1387–1389): 100 m ground,
 * the ridge 300 m high, both passes cut down to the 100 m floor; mobility codes as ridgeTerrain for
 * tracked and wheeled vehicles (none for foot).
 */
export function ridgeRasters(): RasterTerrain {
  const tiles = [];
  for (let x = 2161; x <= 2162; x++) for (let y = 1387; y <= 1389; y++) tiles.push({ z: 12, x, y });
  const grid = footprintGrid(tiles);
  const elevation = new Float32Array(grid.width * grid.height);
  const mobility = new Uint8Array(grid.width * grid.height);
  const codes = { GO: 0, 'SLOW-GO': 1, 'NO-GO': 2 } as const;
  for (let row = 0; row < grid.height; row++) {
    for (let col = 0; col < grid.width; col++) {
      const at = lonLatOfCell(grid, col, row);
      const cls = ridgeTerrain.mobility(at, 'tracked')!;
      elevation[row * grid.width + col] = cls === 'NO-GO' ? 300 : 100;
      mobility[row * grid.width + col] = codes[cls];
    }
  }
  return { elevation: { grid, data: elevation }, mobility: { tracked: mobility, wheeled: mobility } };
}
