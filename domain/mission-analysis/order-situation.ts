// The situation as the higher headquarters' order gives it (ATP 5-0.2-1 substeps 2.1 and 2.2): the
// enemy (composition, disposition, strength, most likely and most dangerous COAs), friendly forces
// (higher mission and intent, adjacent units), civil considerations, attachments and detachments —
// each line the order's element verbatim with its source.
import type { OrderRecord, TextElement } from '../orders/order-record.ts';
import { line, MISSING, missing, orderCite, type Product, type ProductLine } from './mission-analysis-facts.ts';

/** A line per element present, labelled, verbatim; elements saying the same text are one line. */
export function elementLines(parts: Array<[string, string, TextElement | null | undefined]>): ProductLine[] {
  const lines: ProductLine[] = [];
  const said = new Map<string, ProductLine>();
  for (const [label, ref, element] of parts) {
    if (!element) continue;
    const same = said.get(element.text);
    if (same) {
      same.text = same.text.replace(/^([^:]+):/, `$1, ${label.toLowerCase()}:`);
      continue;
    }
    const l = line(`${label}: ${element.text}.`, [orderCite(ref, element.source)]);
    said.set(element.text, l);
    lines.push(l);
  }
  return lines;
}

const product = (lines: ProductLine[], whenEmpty: string): Product =>
  lines.length > 0 ? { lines, items: [] } : missing(whenEmpty);

export function enemySituation(order: OrderRecord | null): Product {
  if (!order) return missing(MISSING.order);
  const e = order.situation?.enemy;
  return product(
    elementLines([
      ['Composition', 'situation.enemy.composition', e?.composition],
      ['Disposition', 'situation.enemy.disposition', e?.disposition],
      ['Strength', 'situation.enemy.strength', e?.strength],
      ['Most likely COA', 'situation.enemy.most_likely_coa', e?.most_likely_coa],
      ['Most dangerous COA', 'situation.enemy.most_dangerous_coa', e?.most_dangerous_coa],
    ]).concat(
      e && !e.composition && !e.disposition && !e.strength && !e.most_likely_coa && !e.most_dangerous_coa
        ? [line(`Enemy: ${e.text.text}.`, [orderCite('situation.enemy', e.text.source)])]
        : [],
    ),
    'The order describes no enemy (paragraph 1.c).',
  );
}

export function friendlyForces(order: OrderRecord | null): Product {
  if (!order) return missing(MISSING.order);
  const f = order.situation?.friendly;
  return product(
    elementLines([
      [
        "Higher headquarters' mission and intent",
        'situation.friendly.higher_mission_and_intent',
        f?.higher_mission_and_intent,
      ],
      ['Adjacent units', 'situation.friendly.adjacent_units', f?.adjacent_units],
    ]).concat(
      f && !f.higher_mission_and_intent && !f.adjacent_units
        ? [line(`Friendly forces: ${f.text.text}.`, [orderCite('situation.friendly', f.text.source)])]
        : [],
    ),
    'The order describes no friendly forces (paragraph 1.d).',
  );
}

export function civilConsiderations(order: OrderRecord | null): Product {
  if (!order) return missing(MISSING.order);
  return product(
    elementLines([['Civil considerations', 'situation.civil_considerations', order.situation?.civil_considerations]]),
    'The order states no civil considerations (paragraph 1).',
  );
}

export function availableAssets(order: OrderRecord | null): Product {
  if (!order) return missing(MISSING.order);
  const organization = order.heading.task_organization;
  return product(
    elementLines([
      [
        'Attachments and detachments',
        'situation.attachments_and_detachments',
        order.situation?.attachments_and_detachments,
      ],
      ['Task organization', 'heading.task_organization', organization?.text],
    ]),
    'The order states no task organization, attachment or detachment.',
  );
}

/** The higher headquarters' order in brief (substep 2.1): who issued it, mission, intent, concept, AO, control measures, adjacent units, times. */
export function higherHeadquartersOrder(order: OrderRecord | null): Product {
  if (!order) return missing(MISSING.order);
  const h = order.heading;
  const intent = order.execution?.commanders_intent;
  const measures = order.features.filter((f) => f.name);
  const lines = [
    ...elementLines([
      ['Order', 'heading.title', h.title],
      ['Issued by', 'heading.issuing_headquarters', h.issuing_headquarters],
      ['Dated', 'heading.date_time_group', h.date_time_group],
      ['Mission', 'mission.statement', order.mission?.statement],
      ["Commander's intent", 'execution.commanders_intent', intent?.text],
      ['Concept of operations', 'execution.concept_of_operations', order.execution?.concept_of_operations],
      ['Area of operations', 'situation.area_of_operations', order.situation?.area_of_operations],
      ['Adjacent units', 'situation.friendly.adjacent_units', order.situation?.friendly?.adjacent_units],
    ]),
    ...(measures.length > 0
      ? [
          line(
            'Control measures: ' +
              measures
                .map((f) =>
                  f.positions.length > 0 ? `${f.name} (${f.positions.map((p) => p.reference).join(' to ')})` : f.name,
                )
                .join(', ') +
              '.',
            measures.flatMap((f) => f.mentions.slice(0, 1).map((s) => orderCite(`features[name=${f.name}]`, s))),
          ),
        ]
      : []),
  ];
  return product(lines, 'The order could not be read beyond its heading.');
}
