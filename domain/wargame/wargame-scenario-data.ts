// A war game's scenario as a request carries it (JSON): the units, the enemy's most likely COA, the
// obstacles and chokepoints, the order's times and the plan's decisions, and the map whose prepared
// terrain the game is played on. The worker adds the terrain samplers, the method, the seed and the
// COA's name (toWargameScenario). One declaration: the API body, the job's event and the worker read it.
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, NonEmptyText, NullableDateTime, StringEnum, Uuid } from '../shared/schema-types.ts';
import type { WargameMethod } from '../llm-simulation/llm-simulation-events.ts';
import type { TerrainSamplers, WargameScenario } from './wargame-scenario.ts';

const Position = Type.Tuple(
  [Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })],
  {
    description: '[lon, lat], WGS 84 degrees',
  },
);
const Line = (minItems: number, description: string) => Type.Array(Position, { minItems, maxItems: 500, description });
const Id = NonEmptyText(40, 'Unique among the units of the scenario');
const Name = NonEmptyText(100);
const CombatPower = Type.Number({
  exclusiveMinimum: 0,
  maximum: 10_000,
  description: 'Combat power in any consistent unit',
});
const SPEED_CLASSES = ['foot', 'wheeled', 'tracked'] as const;
const WEAPON_CLASSES = ['tank', 'atgm', 'ifv', 'heavy_machine_gun', 'small_arms'] as const;
const DECISIONS = ['commit_reserve', 'shift_main_effort'] as const;

export const WargameScenarioData = Type.Object(
  {
    map_id: Uuid,
    h_hour: DateTime,
    objective_nlt: NullableDateTime("The order's time for the main effort on its objective (NLT)"),
    friendly: Type.Array(
      Type.Object(
        {
          id: Id,
          name: Name,
          echelon: NonEmptyText(40),
          role: StringEnum(['main_effort', 'supporting_effort', 'reserve'] as const),
          combat_power: CombatPower,
          speed_class: StringEnum(SPEED_CLASSES),
          weapon_class: StringEnum(WEAPON_CLASSES, 'Its longest-ranged direct-fire system'),
          axis: Line(2, 'Axis of advance from the start point to the objective'),
          objective: Name,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20 },
    ),
    enemy: Type.Array(
      Type.Object(
        {
          id: Id,
          name: Name,
          combat_power: CombatPower,
          weapon_class: StringEnum(WEAPON_CLASSES),
          posture: StringEnum(['attack', 'hasty_defence', 'prepared_defence', 'fortified_defence', 'delay'] as const),
          position: Position,
          reaction: StringEnum(['defend', 'delay', 'counterattack'] as const, "The most likely COA's rule"),
          route: Type.Optional(Line(2, 'Where a delaying or counterattacking unit moves')),
          trigger_m: Type.Optional(Type.Number({ minimum: 0, maximum: 50_000 })),
          speed_class: Type.Optional(StringEnum(SPEED_CLASSES)),
        },
        { additionalProperties: false },
      ),
      { maxItems: 30 },
    ),
    obstacles: Type.Array(
      Type.Object(
        {
          id: Id,
          name: Name,
          kind: StringEnum(['minefield', 'wire', 'ditch', 'abatis', 'crater', 'gap'] as const),
          position: Position,
        },
        { additionalProperties: false },
      ),
      { maxItems: 100 },
    ),
    chokepoints: Type.Array(Type.Object({ id: Id, name: Name, position: Position }, { additionalProperties: false }), {
      maxItems: 100,
    }),
    combat_power_threshold: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }),
    decisions: Type.Object(
      { main_effort_delayed: StringEnum(DECISIONS), combat_power_low: StringEnum(DECISIONS) },
      { additionalProperties: false },
    ),
    turn_minutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 240 })),
    max_hours: Type.Optional(Type.Number({ minimum: 1, maximum: 72 })),
  },
  { additionalProperties: false, title: 'WargameScenario' },
);
export type WargameScenarioData = Static<typeof WargameScenarioData>;

/** Samplers for what needs no terrain (the scenario's checks, its area): nothing known, nothing seen. */
export const NO_TERRAIN: TerrainSamplers = { mobility: () => null, visible: () => false };

export function toWargameScenario(
  data: WargameScenarioData,
  game: { coa: string; method: WargameMethod; seed: number; terrain: TerrainSamplers },
): WargameScenario {
  return {
    ...game,
    h_hour: data.h_hour,
    objective_nlt: data.objective_nlt,
    friendly: data.friendly,
    enemy: data.enemy,
    obstacles: data.obstacles,
    chokepoints: data.chokepoints,
    combat_power_threshold: data.combat_power_threshold,
    decisions: data.decisions,
    ...(data.turn_minutes ? { turn_minutes: data.turn_minutes } : {}),
    ...(data.max_hours ? { max_hours: data.max_hours } : {}),
  };
}
