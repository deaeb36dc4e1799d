// CCIR candidates (ATP 5-0.2-1 substep 2.8): the order's own information requirements verbatim, and
// candidates by two rules — CCIR-ENEMY-COA: a PIR asking which of the enemy's possible COAs (most
// likely, most dangerous) he is taking; CCIR-DECISION-POINT: a PIR per place where the terrain
// forces a decision on the best-ranked avenue (a crossing site, a chokepoint narrower than the force
// needs). The commander approves CCIR; these are candidates.
import type { OrderRecord, TextElement } from '../orders/order-record.ts';
import {
  MISSING,
  missing,
  orderCite,
  ruleCite,
  terrainCite,
  type Product,
  type ProductItem,
  type TerrainEvaluationFacts,
} from './mission-analysis-facts.ts';

const ITEM_KINDS: Record<string, string> = { pir: 'pir', ffir: 'ffir', eefi: 'eefi', ccir: 'pir' };

function enemyCoaQuestions(order: OrderRecord): ProductItem[] {
  const e = order.situation?.enemy;
  const ask = (label: string, ref: string, element: TextElement | null | undefined) =>
    element
      ? [
          {
            kind: 'pir',
            text: `Is the enemy taking its ${label} COA: "${element.text}"?`,
            cites: [orderCite(ref, element.source), ruleCite('CCIR-ENEMY-COA')],
          },
        ]
      : [];
  return [
    ...ask('most likely', 'situation.enemy.most_likely_coa', e?.most_likely_coa),
    ...ask('most dangerous', 'situation.enemy.most_dangerous_coa', e?.most_dangerous_coa),
  ];
}

function decisionPoints(terrain: TerrainEvaluationFacts): ProductItem[] {
  return terrain.result.directions
    .filter((d) => d.name !== 'enemy')
    .flatMap((d, i) => {
      const best = d.avenues.find((a) => a.rank === 1);
      if (!best) return [];
      const corridors = d.corridors.filter((k) => best.corridors.includes(k.id));
      const sites = [
        ...new Set(corridors.flatMap((k) => k.crossings.map((c) => c.mgrs)).filter((m): m is string => m !== null)),
      ];
      const narrow = corridors.filter((k) => k.min_width_m < k.width_required_m && k.chokepoint.mgrs);
      const cite = [terrainCite(terrain, `directions[${i}].avenues[0]`), ruleCite('CCIR-DECISION-POINT')];
      return [
        ...sites.map((m) => ({
          kind: 'pir',
          text: `Is the crossing site at ${m} on ${best.id} intact and free of enemy?`,
          cites: cite,
        })),
        ...narrow.map((k) => ({
          kind: 'pir',
          text: `Is the chokepoint at ${k.chokepoint.mgrs} on ${best.id} obstructed or covered by enemy fire?`,
          cites: cite,
        })),
      ];
    });
}

export function ccirCandidates(order: OrderRecord | null, terrain: TerrainEvaluationFacts | null): Product {
  if (!order && !terrain) return missing(`${MISSING.order} ${MISSING.terrain}`);
  const stated: ProductItem[] = (order?.execution?.information_requirements ?? []).map((r, i) => ({
    kind: ITEM_KINDS[r.kind] ?? 'pir',
    text: r.text,
    cites: [orderCite(`execution.information_requirements[${i}]`, r.source)],
  }));
  const items = [...stated, ...(order ? enemyCoaQuestions(order) : []), ...(terrain ? decisionPoints(terrain) : [])];
  const lines = [
    ...(order ? [] : [{ text: MISSING.order, cites: [] }]),
    ...(terrain ? [] : [{ text: MISSING.terrain, cites: [] }]),
  ];
  return items.length > 0 || lines.length > 0
    ? { lines, items }
    : missing('Neither the order nor the terrain evaluation gives an information requirement or a decision point.');
}
