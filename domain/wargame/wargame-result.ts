// The record of an adjudicated war game: per turn the time, unit positions (MGRS), actions,
// reactions, counteractions, losses, decision points and the synchronisation matrix by warfighting
// function; and the totals a COA comparison scores. Every value is computed by adjudicateWargame.
import type { WargameMethod } from '../llm-simulation/llm-simulation-events.ts';
import type { FriendlyRole, PlannedDecision } from './wargame-scenario.ts';
import type { WargameTables } from './wargame-tables.ts';

export const WARFIGHTING_FUNCTIONS = [
  'movement_and_maneuver',
  'intelligence',
  'fires',
  'sustainment',
  'protection',
  'command_and_control',
] as const;
export type WarfightingFunction = (typeof WARFIGHTING_FUNCTIONS)[number];

export interface UnitPosition {
  id: string;
  name: string;
  side: 'friendly' | 'enemy';
  role: FriendlyRole | 'enemy';
  mgrs: string | null;
  status: string;
  combat_power: number;
  combat_power_fraction: number;
}

export interface UnitLoss {
  id: string;
  name: string;
  side: 'friendly' | 'enemy';
  combat_power_lost: number;
}

export interface DecisionPoint {
  number: number;
  minute: number;
  time: string;
  condition: 'main_effort_delayed' | 'combat_power_low';
  /** What happened, with its figures. */
  text: string;
  decision: PlannedDecision;
  /** What the decision did in the game (or why it could not be carried out). */
  outcome: string;
}

export interface WargameTurn {
  turn: number;
  label: string;
  start_minute: number;
  end_minute: number;
  start_time: string;
  end_time: string;
  positions: UnitPosition[];
  actions: string[];
  reactions: string[];
  counteractions: string[];
  losses: UnitLoss[];
  decision_points: DecisionPoint[];
  synchronisation: Record<WarfightingFunction, string[]>;
}

export interface WargameResult {
  coa: string;
  method: WargameMethod;
  seed: number;
  h_hour: string;
  objective_nlt: string | null;
  tables: WargameTables;
  end_minute: number;
  end_reason: string;
  main_effort: { id: string; name: string; objective: string };
  /** Minute the main effort's objective was seized (the unit on it, no unbroken enemy within assault range), null if not. */
  objective_seized_minute: number | null;
  objective_seized_time: string | null;
  /** Force ratio where the main effort first engages the enemy on its objective, against the FM 5-0 minimum. */
  decisive_point: {
    enemy: string | null;
    minute: number | null;
    friendly_power: number | null;
    enemy_power: number | null;
    ratio: number | null;
    required: number | null;
    required_source: string;
  };
  totals: {
    friendly_power_initial: number;
    friendly_power_lost: number;
    enemy_power_initial: number;
    enemy_power_lost: number;
    exposure_minutes: number;
    main_effort_halted_minutes: number;
    main_effort_shifts: number;
  };
  decision_points: DecisionPoint[];
  /** Every unit at the game's end. */
  final_positions: UnitPosition[];
  turns: WargameTurn[];
  /** Inputs that were missing and what the game could therefore not assess, one line each. */
  missing: string[];
}
