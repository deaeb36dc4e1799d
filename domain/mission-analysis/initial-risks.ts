// Initial risk assessment (ATP 5-0.2-1 substep 2.7; ATP 5-19): hazards the terrain evaluation shows,
// by rule RISK-TERRAIN, each with an initial probability and severity (for the staff to confirm) and
// its level from the ATP 5-19 risk matrix (table 1-1); the order's risk reduction control measures
// are the controls.
import type { OrderRecord } from '../orders/order-record.ts';
import type { PROBABILITIES, RISK_LEVELS, SEVERITIES } from '../planning-record/planning-items.ts';
import {
  MISSING,
  missing,
  orderCite,
  percent,
  ruleCite,
  terrainCite,
  type Product,
  type ProductItem,
  type TerrainEvaluationFacts,
} from './mission-analysis-facts.ts';

type Probability = (typeof PROBABILITIES)[number];
type Severity = (typeof SEVERITIES)[number];
type Level = (typeof RISK_LEVELS)[number];

/** ATP 5-19 table 1-1: level by severity, then probability (frequent … unlikely). */
const MATRIX: Record<Severity, Level[]> = {
  catastrophic: ['extremely_high', 'extremely_high', 'high', 'high', 'medium'],
  critical: ['extremely_high', 'high', 'high', 'medium', 'low'],
  moderate: ['high', 'medium', 'medium', 'low', 'low'],
  negligible: ['medium', 'low', 'low', 'low', 'low'],
};
const PROBABILITY_ORDER: Probability[] = ['frequent', 'likely', 'occasional', 'seldom', 'unlikely'];

export const riskLevel = (probability: Probability, severity: Severity): Level =>
  MATRIX[severity][PROBABILITY_ORDER.indexOf(probability)]!;

/** Severely restricted share above which loss of mobility is a hazard of its own. */
const SEVERELY_RESTRICTED_HAZARD = 0.1;

export function initialRisks(order: OrderRecord | null, terrain: TerrainEvaluationFacts | null): Product {
  if (!terrain) return missing(MISSING.terrain);
  const o = terrain.result.oakoc.obstacles;
  const c = terrain.result.oakoc.cover_and_concealment;
  const measures = order?.execution?.risk_measures ?? [];
  const controls = measures.length > 0 ? measures.map((m) => m.text).join('; ') : null;
  const controlCites = measures.map((m, i) => orderCite(`execution.risk_measures[${i}]`, m.source));
  const hazard = (text: string, ref: string, probability: Probability, severity: Severity): ProductItem => ({
    text,
    fields: { probability, severity, risk_level: riskLevel(probability, severity), controls },
    cites: [terrainCite(terrain, ref), ruleCite('RISK-TERRAIN (ATP 5-19 table 1-1)'), ...controlCites],
  });
  const sites = [
    ...new Set(
      terrain.result.directions
        .filter((d) => d.name !== 'enemy')
        .flatMap((d) => d.corridors.flatMap((k) => k.crossings.map((x) => x.mgrs)))
        .filter((m): m is string => m !== null),
    ),
  ];
  const items = [
    ...(sites.length > 0
      ? [
          hazard(
            `Loss of vehicles and soldiers in water crossings at ${sites.join(', ')}.`,
            'directions[*].corridors[*].crossings',
            'occasional',
            'critical',
          ),
        ]
      : []),
    ...(o.steep_break_km2 > 0
      ? [
          hazard(
            `Vehicle rollover on steep breaks (${o.steep_break_km2} km² of the area).`,
            'oakoc.obstacles.steep_break_km2',
            'seldom',
            'critical',
          ),
        ]
      : []),
    ...(o.share_severely_restricted > SEVERELY_RESTRICTED_HAZARD
      ? [
          hazard(
            `Loss of mobility: ${percent(o.share_severely_restricted)} of the area is severely restricted.`,
            'oakoc.obstacles.share_severely_restricted',
            'likely',
            'moderate',
          ),
        ]
      : []),
    ...(c.built_up_share > 0
      ? [
          hazard(
            `Fratricide and civilian casualties in built-up areas (${percent(c.built_up_share)} of the area).`,
            'oakoc.cover_and_concealment.built_up_share',
            'seldom',
            'critical',
          ),
        ]
      : []),
  ];
  return items.length > 0
    ? { lines: [], items }
    : missing(
        'The terrain evaluation shows no hazard (no crossing, steep break, severely restricted or built-up ground).',
      );
}
