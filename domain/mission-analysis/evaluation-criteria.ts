// COA evaluation criteria (ATP 5-0.2-1 substep 2.16) that the facts give a benchmark for, by rule
// CRITERIA-FROM-FACTS: the time the order sets for the unit's essential task (benchmark: that time),
// the cover along the avenue (benchmark: the best-ranked avenue's cover share), and the initial risk
// (benchmark: the highest initial level). Weights are the commander's: equal until given.
import type { OrderRecord } from '../orders/order-record.ts';
import { essentialTaskEntries } from './essential-tasks.ts';
import {
  missing,
  MISSING,
  orderCite,
  percent,
  ruleCite,
  terrainCite,
  type Product,
  type ProductItem,
  type TerrainEvaluationFacts,
} from './mission-analysis-facts.ts';

export function evaluationCriteria(
  order: OrderRecord | null,
  terrain: TerrainEvaluationFacts | null,
  risks: ProductItem[],
): Product {
  const rule = ruleCite('CRITERIA-FROM-FACTS');
  const items: ProductItem[] = [];
  const [first] = essentialTaskEntries(order);
  const time = first?.task.times.find((t) => t.dtg?.iso);
  if (first && time) {
    items.push({
      text: 'Time',
      fields: {
        definition: `How long before ${time.text} the COA accomplishes: ${first.task.text}`,
        unit_of_measure: 'hours before the time',
        benchmark: `${time.text} (${time.dtg!.iso})`,
      },
      cites: [orderCite(`tasks_to_unit.tasks[${first.index}]`, time.source), rule],
    });
  }
  const best = terrain?.result.directions
    .filter((d) => d.name !== 'enemy')
    .flatMap((d) => d.avenues.filter((a) => a.rank === 1))[0];
  if (terrain && best) {
    items.push({
      text: 'Cover along the avenue',
      fields: {
        definition: 'Share of the avenue under forest or built-up cover',
        unit_of_measure: 'percent',
        benchmark: `${percent(best.cover_share)} (${best.id})`,
      },
      cites: [terrainCite(terrain, 'directions[*].avenues (rank 1)'), rule],
    });
  }
  const levels = ['extremely_high', 'high', 'medium', 'low'];
  const worst = risks.map((r) => String(r.fields?.risk_level)).sort((a, b) => levels.indexOf(a) - levels.indexOf(b))[0];
  if (worst) {
    items.push({
      text: 'Risk',
      fields: {
        definition: 'Residual risk level of the COA after controls (ATP 5-19)',
        unit_of_measure: 'risk level',
        benchmark: `below the initial ${worst.replace('_', ' ')}`,
      },
      cites: [...risks[0]!.cites.filter((c) => c.kind === 'terrain_evaluation'), rule],
    });
  }
  if (items.length === 0) return missing(`${MISSING.order} ${MISSING.terrain}`);
  const weight = Math.floor(100 / items.length);
  return { lines: [], items: items.map((i) => ({ ...i, fields: { ...i.fields, weight } })) };
}
