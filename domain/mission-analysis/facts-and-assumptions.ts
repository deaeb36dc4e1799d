// Facts and assumptions (ATP 5-0.2-1 substep 2.6), kept apart: facts are what the order states (its
// date, mission, the unit's tasks, enemy, control measures with grids) and what the terrain
// evaluation measured; assumptions are the order's own (1.h), each cited. Nothing is assumed
// that no input states.
import type { OrderRecord, Source } from '../orders/order-record.ts';
import {
  km,
  MISSING,
  missing,
  orderCite,
  terrainCite,
  type Product,
  type ProductItem,
  type TerrainEvaluationFacts,
} from './mission-analysis-facts.ts';

function orderFacts(order: OrderRecord): ProductItem[] {
  const facts: ProductItem[] = [];
  const add = (text: string, ref: string, source: Source) =>
    facts.push({ kind: 'fact', text, cites: [orderCite(ref, source)] });
  const h = order.heading;
  if (h.title)
    add(
      `Higher headquarters' order: ${h.title.text}${h.date_time_group ? `, ${h.date_time_group.text}` : ''}.`,
      'heading.title',
      h.title.source,
    );
  if (order.mission)
    add(
      `Higher headquarters' mission: ${order.mission.statement.text}.`,
      'mission.statement',
      order.mission.statement.source,
    );
  const enemy = order.situation?.enemy;
  if (enemy)
    add(
      `Enemy: ${(enemy.composition ?? enemy.text).text}.`,
      'situation.enemy',
      (enemy.composition ?? enemy.text).source,
    );
  for (const f of order.features) {
    if (!f.name || f.positions.length === 0) continue;
    add(
      `${f.name} is at ${f.positions.map((p) => p.reference).join(' to ')}.`,
      `features[name=${f.name}]`,
      f.positions[0]!.source,
    );
  }
  return facts;
}

function terrainFacts(terrain: TerrainEvaluationFacts): ProductItem[] {
  return terrain.result.directions
    .filter((d) => d.name !== 'enemy')
    .flatMap((d, i) =>
      d.avenues
        .filter((a) => a.rank === 1)
        .map((a) => ({
          kind: 'fact',
          text: `The best-ranked avenue (${d.name}) is ${a.id}: ${a.start.mgrs} to ${a.objective.mgrs}, ${km(a.length_m)}.`,
          cites: [terrainCite(terrain, `directions[${i}].avenues[0]`)],
        })),
    );
}

export function factsAndAssumptions(order: OrderRecord | null, terrain: TerrainEvaluationFacts | null): Product {
  if (!order && !terrain) return missing(`${MISSING.order} ${MISSING.terrain}`);
  const assumption = order?.situation?.assumptions;
  return {
    lines: [
      ...(order ? [] : [{ text: MISSING.order, cites: [] }]),
      ...(terrain ? [] : [{ text: MISSING.terrain, cites: [] }]),
      ...(order && !assumption ? [{ text: 'The order states no assumption (paragraph 1.h).', cites: [] }] : []),
    ],
    items: [
      ...(order ? orderFacts(order) : []),
      ...(terrain ? terrainFacts(terrain) : []),
      ...(assumption
        ? [
            {
              kind: 'assumption',
              text: `${assumption.text}.`,
              cites: [orderCite('situation.assumptions', assumption.source)],
            },
          ]
        : []),
    ],
  };
}
