// The facts mission analysis and the WARNO are drafted from (domain/mission-analysis/), taken from a
// draft's grounding: the operation's unit, the higher headquarters' order among the orders read from
// its documents, the newest terrain evaluation, the area's corners and the time the grounding was read.
import { higherOrder } from '../mission-analysis/higher-order.ts';
import type { MissionAnalysisFacts } from '../mission-analysis/mission-analysis-facts.ts';
import type { Grounding } from './generation-grounding.ts';

export function missionAnalysisFactsOf(g: Grounding): MissionAnalysisFacts {
  return {
    unit: { name: g.operation.unit, echelon: g.operation.echelon, branch: g.operation.branch },
    operation_name: g.operation.name,
    order: higherOrder(g.orders ?? []),
    terrain: g.terrain_evaluation ?? null,
    area_mgrs: g.area_mgrs ?? null,
    now: g.now ?? new Date().toISOString(),
  };
}
