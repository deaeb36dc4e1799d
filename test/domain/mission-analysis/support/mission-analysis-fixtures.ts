// Facts for the mission-analysis tests: the order reader's record of the orders written for its tests
// (test/domain/orders/fixtures) and a synthetic terrain evaluation of AO IRON around OBJ STEEL, its
// figures chosen so each rule fires or not (a crossing on AA 1, a chokepoint narrower than a
// battalion needs on MC 2, OBJ STEEL inside a built-up area, AA 2 longer than a day's march on foot).
import type { OrderRecord } from '../../../../domain/orders/order-record.ts';
import type {
  MissionAnalysisFacts,
  TerrainEvaluationFacts,
} from '../../../../domain/mission-analysis/mission-analysis-facts.ts';
import { fixture, read, type Fixture } from '../../orders/support/order-fixtures.ts';

export const TERRAIN_ID = '7d1e4c2a-5b6f-4a3e-9c8d-1e2f3a4b5c6d';
export const NOW = '2026-11-26T03:30:00Z';

export const IRON_GATE: Fixture = fixture('opord-iron-gate.txt');
export const ironGate = (): OrderRecord => read(IRON_GATE, 'Task Force 1-66 Armor', ['TF 1-66 AR']);

/** OBJ STEEL (32UNB5350001200) is at lon 9.7553, lat 50.5603: a square of about 700 m around it. */
const AROUND_OBJ_STEEL: Array<Array<[number, number]>> = [
  [
    [9.75, 50.557],
    [9.76, 50.557],
    [9.76, 50.563],
    [9.75, 50.563],
    [9.75, 50.557],
  ],
];

export function terrain(overrides: Partial<TerrainEvaluationFacts['result']> = {}): TerrainEvaluationFacts {
  return {
    analysis_id: TERRAIN_ID,
    map_name: 'AO IRON',
    built_up_areas: [AROUND_OBJ_STEEL],
    result: {
      force: 'mounted_tracked',
      echelon: 'battalion',
      directions: [
        {
          name: 'friendly',
          corridors: [
            {
              id: 'MC 1',
              avenue: 'AA 1',
              width_required_m: 500,
              min_width_m: 620,
              length_m: 12400,
              open: false,
              chokepoint: { mgrs: '32UNB5100002500', width_m: 620 },
              crossings: [{ mgrs: '32UNB5020001900' }],
            },
            {
              id: 'MC 2',
              avenue: 'AA 1',
              width_required_m: 500,
              min_width_m: 340,
              length_m: 13100,
              open: false,
              chokepoint: { mgrs: '32UNB5230001500', width_m: 340 },
              crossings: [],
            },
            {
              id: 'MC 3',
              avenue: 'AA 2',
              width_required_m: 500,
              min_width_m: 900,
              length_m: 41000,
              open: true,
              chokepoint: { mgrs: '32UNB4950004100', width_m: 900 },
              crossings: [],
            },
          ],
          avenues: [
            {
              id: 'AA 1',
              rank: 1,
              length_m: 12400,
              seconds: 2400,
              corridors: ['MC 1', 'MC 2'],
              start: { mgrs: '32UNB4800011000' },
              objective: { mgrs: '32UNB5350001200' },
              cover_share: 0.31,
            },
            {
              id: 'AA 2',
              rank: 2,
              length_m: 41000,
              seconds: 9000,
              corridors: ['MC 3'],
              start: { mgrs: '32UNB4800016000' },
              objective: { mgrs: '32UNB5350001200' },
              cover_share: 0.12,
            },
          ],
          key_terrain: [
            { id: 'KT 1', rank: 1, kind: 'crossing', mgrs: '32UNB5020001900', reason: 'the only crossing on AA 1' },
            { id: 'KT 2', rank: 2, kind: 'height', mgrs: '32UNB5200003000', reason: 'overlooks 40 % of AA 1' },
          ],
        },
        {
          name: 'enemy',
          corridors: [
            {
              id: 'MC 1',
              avenue: 'AA 1',
              width_required_m: 500,
              min_width_m: 100,
              length_m: 90000,
              open: false,
              chokepoint: { mgrs: '32UNB6000000000', width_m: 100 },
              crossings: [{ mgrs: '32UNB6100000000' }],
            },
          ],
          avenues: [
            {
              id: 'AA 1',
              rank: 1,
              length_m: 90000,
              seconds: 20000,
              corridors: ['MC 1'],
              start: { mgrs: '32UNB6500000000' },
              objective: { mgrs: '32UNB5350001200' },
              cover_share: 0.2,
            },
          ],
          key_terrain: [],
        },
      ],
      oakoc: {
        observation_and_fields_of_fire: {
          dominating_heights: [
            { mgrs: '32UNB5200003000', elevation_m: 412.5, prominence_m: 64.2, largest_share_of_an_axis_seen: 0.4 },
          ],
        },
        obstacles: {
          share_unrestricted: 0.55,
          share_restricted: 0.3,
          share_severely_restricted: 0.15,
          waterways: 2,
          crossing_sites_used: 1,
          steep_break_km2: 1.25,
        },
        cover_and_concealment: { forest_share: 0.38, built_up_share: 0.06 },
      },
      ...overrides,
    },
  };
}

export function facts(order: OrderRecord | null, evaluation: TerrainEvaluationFacts | null): MissionAnalysisFacts {
  return {
    unit: { name: 'Task Force 1-66 Armor', echelon: 'battalion', branch: 'armor' },
    operation_name: 'IRON GATE',
    order,
    terrain: evaluation,
    area_mgrs: ['32UNB4700017000', '32UNB5600017000', '32UNB5600000000', '32UNB4700000000'],
    now: NOW,
  };
}
