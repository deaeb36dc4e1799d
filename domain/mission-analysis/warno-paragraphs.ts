// The WARNO's paragraphs (FM 6-0 app. C; ATP 5-0.2-1 para 2-107: the warning order that closes
// mission analysis) from the higher headquarters' order and the mission-analysis products built
// from it: the situation with the area's extent in MGRS, the restated mission, the initial intent and
// concept, tasks to subordinate units by the unit's echelon structure, coordinating instructions with
// the time plan and CCIR. A paragraph with no facts is one line naming the missing input.
import type { OrderRecord, TextElement } from '../orders/order-record.ts';
import type { WarnoType } from '../planning-record/planning-catalogues.ts';
import { ccirCandidates } from './ccir-candidates.ts';
import { essentialTaskEntries } from './essential-tasks.ts';
import { impliedTasks } from './implied-tasks.ts';
import { initialIntent } from './initial-intent.ts';
import { initialRisks } from './initial-risks.ts';
import {
  line,
  MISSING,
  missing,
  orderCite,
  ruleCite,
  terrainCite,
  type MissionAnalysisFacts,
  type Product,
  type ProductItem,
  type ProductLine,
} from './mission-analysis-facts.ts';
import { constraintText } from './mission-constraints.ts';
import { elementLines, enemySituation, friendlyForces } from './order-situation.ts';
import { restatedMission } from './restated-mission.ts';
import { subordinateUnits } from './subordinate-units.ts';
import { oakocLines, orderAreaPart, NO_WEATHER } from './terrain-and-weather.ts';
import { hoursAndMinutes, timePlan, timeSplit } from './time-plan.ts';

const fromOrder = (
  order: OrderRecord | null,
  parts: Array<[string, string, TextElement | null | undefined]>,
  whenEmpty: string,
): Product => {
  if (!order) return missing(MISSING.order);
  const lines = elementLines(parts);
  return lines.length > 0 ? { lines, items: [] } : missing(whenEmpty);
};

function situation(f: MissionAnalysisFacts): Product {
  const h = f.order?.heading;
  return {
    lines: [
      line(`Operation ${f.operation_name}: ${f.unit.name} (${f.unit.echelon}, ${f.unit.branch}).`, [
        { kind: 'operation', ref: 'unit' },
      ]),
      ...(h?.title
        ? elementLines([
            ["Higher headquarters' order", 'heading.title', h.title],
            ['Issued by', 'heading.issuing_headquarters', h.issuing_headquarters],
            ['Dated', 'heading.date_time_group', h.date_time_group],
          ])
        : [line(MISSING.order, [])]),
    ],
    items: [],
  };
}

function areaOfOperations(f: MissionAnalysisFacts): Product {
  const ao = f.order?.situation?.area_of_operations;
  const extent = f.area_mgrs && f.area_mgrs.length > 0 ? f.area_mgrs : null;
  const orderAo = ao ? ao.text.split(/\s\(\d+\)\s/)[0]!.replace(/\.$/, '') : null;
  const lines: ProductLine[] = [
    ...(orderAo
      ? [line(`Area of operations (order): ${orderAo}.`, [orderCite('situation.area_of_operations', ao!.source)])]
      : []),
    extent
      ? line(`Extent of the area (map boundary, corners in MGRS): ${extent.join(', ')}.`, [
          { kind: 'operation', ref: 'map boundary' },
        ])
      : line("No map boundary is drawn: the area's extent in MGRS is unknown (draw the area of operations).", []),
    ...(f.terrain ? oakocLines(f.terrain) : [line(MISSING.terrain, [])]),
    ...[orderAreaPart(f.order, 'Terrain')].filter((l): l is ProductLine => l !== null),
    orderAreaPart(f.order, 'Weather') ?? line(NO_WEATHER, []),
  ];
  return { lines, items: [] };
}

/** The order's concept sentences that name the unit, and the avenue the terrain ranks first. */
function conceptOfOperations(f: MissionAnalysisFacts): Product {
  const lines: ProductLine[] = [];
  const concept = f.order?.execution?.concept_of_operations;
  const names = [
    f.unit.name,
    ...(f.order?.unit.designations ?? []),
    ...(f.order?.tasks_to_unit ? [f.order.tasks_to_unit.unit.text] : []),
  ];
  if (concept) {
    const sentences = concept.text.split(/(?<=\.)\s+/).filter((s) => names.some((n) => s.includes(n)));
    for (const s of sentences)
      lines.push(
        line(`Higher's concept for ${f.unit.name}: ${s.replace(/\.$/, '')}.`, [
          orderCite('execution.concept_of_operations', concept.source),
        ]),
      );
  }
  const essential = essentialTaskEntries(f.order);
  for (const { task, index } of essential)
    lines.push(
      line(`${f.unit.name} accomplishes: ${task.text}.`, [orderCite(`tasks_to_unit.tasks[${index}]`, task.source)]),
    );
  if (f.terrain) {
    f.terrain.result.directions
      .filter((d) => d.name !== 'enemy')
      .forEach((d, i) => {
        const best = d.avenues.find((a) => a.rank === 1);
        if (best)
          lines.push(
            line(
              `Initial concept: move on ${best.id} (${d.name}), ranked first, from ${best.start.mgrs} to ${best.objective.mgrs}.`,
              [terrainCite(f.terrain!, `directions[${i}].avenues[0]`), ruleCite('CONCEPT-BEST-AVENUE')],
            ),
          );
      });
  }
  impliedTasks(f.order, f.terrain).items.forEach((i) => lines.push(line(`Then: ${i.text}`, i.cites)));
  return lines.length > 0 ? { lines, items: [] } : missing(`${MISSING.order} ${MISSING.terrain}`);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Rule WARNO-TASKS: preparatory tasks by role, from the essential and implied tasks, the PIR places and the order's sustainment. */
function tasksToSubordinateUnits(f: MissionAnalysisFacts): Product {
  const units = subordinateUnits(f.unit.echelon, f.unit.branch);
  if (units.length === 0)
    return missing(`No subordinate structure is known for a ${f.unit.echelon}: name the subordinate units.`);
  const essential = essentialTaskEntries(f.order);
  if (!f.order || essential.length === 0)
    return missing(f.order ? `The order gives ${f.unit.name} no essential task to prepare for.` : MISSING.order);
  const rule = ruleCite('WARNO-TASKS');
  const task = essential[0]!;
  const taskCite = orderCite(`tasks_to_unit.tasks[${task.index}]`, task.task.source);
  const implied = impliedTasks(f.order, f.terrain).items;
  const places = ccirCandidates(f.order, f.terrain).items.flatMap(
    (p) => p.text.match(/\b\d{1,2}[C-HJ-NP-X][A-HJ-NP-Z]{2}\d{2,10}\b/g) ?? [],
  );
  const objective = f.order.features.find(
    (o) => o.kind === 'objective' && o.positions.length > 0 && task.task.text.includes(o.name ?? '\u0000'),
  );
  const recce = [
    ...new Set([...places, ...(objective ? [`${objective.name} (${objective.positions[0]!.reference})`] : [])]),
  ];
  const split = timeSplit(f.order, f.now);
  const fireControl = f.order.constraints.filter((c) => c.category === 'fire_control');
  const items: ProductItem[] = units.flatMap((u): ProductItem[] => {
    switch (u.role) {
      case 'maneuver':
        return [
          {
            text: `Prepare to ${lowerFirst(task.task.text)}${implied.length > 0 ? `; be prepared to ${implied.map((i) => lowerFirst(i.text.replace(/\.$/, ''))).join('; ')}` : ''}.`,
            fields: { unit: u.name },
            cites: [taskCite, ...implied.flatMap((i) => i.cites), rule],
          },
        ];
      case 'reconnaissance':
        return recce.length > 0
          ? [
              {
                text: `Reconnoitre ${recce.join(', ')}${split ? `; report by ${split.oneThird}` : ''}.`,
                fields: { unit: u.name },
                cites: [taskCite, ...(f.terrain ? [terrainCite(f.terrain, 'CCIR decision points')] : []), rule],
              },
            ]
          : [];
      case 'fires':
        return [
          {
            text: `Plan fires in support of: ${task.task.text}${fireControl.length > 0 ? `; observe: ${fireControl.map((c) => c.text).join('; ')}` : ''}.`,
            fields: { unit: u.name },
            cites: [
              taskCite,
              ...fireControl.map((c, i) => orderCite(`constraints[fire_control ${i}]`, c.source)),
              rule,
            ],
          },
        ];
      case 'sustainment': {
        const logistics = f.order!.sustainment?.logistics ?? f.order!.sustainment?.text ?? null;
        return logistics
          ? [
              {
                text: `Prepare the sustainment the order directs: ${logistics.text}.`,
                fields: { unit: u.name },
                cites: [orderCite('sustainment.logistics', logistics.source), rule],
              },
            ]
          : [];
      }
    }
  });
  return { lines: [], items };
}

function coordinatingInstructions(f: MissionAnalysisFacts): Product {
  if (!f.order) return missing(MISSING.order);
  const prohibitions = f.order.constraints.map((c, i) => ({ c, i })).filter(({ c }) => c.category !== 'time');
  if (prohibitions.length === 0)
    return missing('The order states no coordinating instruction beyond its times (see 3.d(1)).');
  return {
    lines: prohibitions.map(({ c, i }) =>
      line(`${c.kind === 'prohibition' ? 'Prohibited' : 'Required'} (order): ${constraintText(f.order!, c)}.`, [
        orderCite(`constraints[${i}]`, c.source),
      ]),
    ),
    items: [],
  };
}

function movementInstructions(f: MissionAnalysisFacts): Product {
  const marches = impliedTasks(f.order, f.terrain).items.filter((i) => i.text.startsWith('Conduct a road march'));
  const movement = (f.order?.constraints ?? []).map((c, i) => ({ c, i })).filter(({ c }) => c.category === 'movement');
  const lines = [
    ...marches.map((m) => line(m.text, m.cites)),
    ...movement.map(({ c, i }) => line(`${constraintText(f.order!, c)}.`, [orderCite(`constraints[${i}]`, c.source)])),
  ];
  const split = f.order ? timeSplit(f.order, f.now) : null;
  if (split)
    lines.push(
      line(`No movement before the order is issued (${split.oneThird}) unless ordered.`, [
        ruleCite('TIME-ONE-THIRD (ATP 5-0.2-1 substep 2.10; FM 5-0)'),
      ]),
    );
  return lines.length > 0 ? { lines, items: [] } : missing(`${MISSING.order} ${MISSING.terrain}`);
}

function ordersAndRehearsals(f: MissionAnalysisFacts): Product {
  if (!f.order) return missing(MISSING.order);
  const split = timeSplit(f.order, f.now);
  if (!split) return missing('The order states no future time: the orders and rehearsal times cannot be set.');
  const rule = ruleCite('TIME-ONE-THIRD (ATP 5-0.2-1 substep 2.10; FM 5-0)');
  return {
    lines: [
      line(
        `Orders group: the order is issued at ${split.oneThird} (one-third of the ${hoursAndMinutes(split.available)} available).`,
        [rule],
      ),
      line(`Rehearsals: after ${split.oneThird}, complete before ${split.first.time.text} (${split.first.iso}).`, [
        orderCite(split.first.ref, split.first.time.source),
        rule,
      ]),
    ],
    items: [],
  };
}

export function warnoParagraph(type: WarnoType, f: MissionAnalysisFacts): Product {
  const o = f.order;
  switch (type) {
    case 'situation':
      return situation(f);
    case 'area_of_interest':
      return fromOrder(
        o,
        [['Area of interest', 'situation.area_of_interest', o?.situation?.area_of_interest]],
        'The order states no area of interest (paragraph 1.a).',
      );
    case 'area_of_operations':
      return areaOfOperations(f);
    case 'enemy_forces':
      return enemySituation(o);
    case 'friendly_forces':
      return friendlyForces(o);
    case 'interagency_organizations':
      return missing('The order names no interagency, intergovernmental or nongovernmental organization.');
    case 'civil_considerations':
      return fromOrder(
        o,
        [['Civil considerations', 'situation.civil_considerations', o?.situation?.civil_considerations]],
        'The order states no civil considerations.',
      );
    case 'attachments_and_detachments': {
      const a = o?.situation?.attachments_and_detachments;
      if (!o) return missing(MISSING.order);
      return a
        ? {
            lines: [],
            items: [
              {
                text: a.text,
                fields: { unit: null },
                cites: [orderCite('situation.attachments_and_detachments', a.source)],
              },
            ],
          }
        : missing('The order states no attachment or detachment.');
    }
    case 'assumptions':
      return fromOrder(
        o,
        [['Assumptions', 'situation.assumptions', o?.situation?.assumptions]],
        'The order states no assumption.',
      );
    case 'mission':
      return restatedMission(o, f.unit.name);
    case 'execution':
      return { lines: [line('See 3.a to 3.d.', [])], items: [] };
    case 'commanders_intent':
      return initialIntent(o, impliedTasks(o, f.terrain).items);
    case 'concept_of_operations':
      return conceptOfOperations(f);
    case 'tasks_to_subordinate_units':
      return tasksToSubordinateUnits(f);
    case 'coordinating_instructions':
      return coordinatingInstructions(f);
    case 'timeline':
      return timePlan(o, f.now);
    case 'ccir':
      return ccirCandidates(o, f.terrain);
    case 'risk_reduction_control_measures':
      return initialRisks(o, f.terrain);
    case 'initial_movement_instructions':
      return movementInstructions(f);
    case 'orders_and_rehearsals':
      return ordersAndRehearsals(f);
    case 'sustainment':
      return fromOrder(
        o,
        o?.sustainment && !o.sustainment.logistics && !o.sustainment.personnel && !o.sustainment.health_system_support
          ? [['Sustainment', 'sustainment', o.sustainment.text]]
          : [],
        o?.sustainment ? 'See 4.a to 4.c.' : 'The order states no sustainment (paragraph 4).',
      );
    case 'logistics':
      return fromOrder(
        o,
        [['Logistics', 'sustainment.logistics', o?.sustainment?.logistics]],
        'The order states no logistics (4.a).',
      );
    case 'personnel':
      return fromOrder(
        o,
        [['Personnel', 'sustainment.personnel', o?.sustainment?.personnel]],
        'The order states no personnel support (4.b).',
      );
    case 'health_system_support':
      return fromOrder(
        o,
        [['Health system support', 'sustainment.health_system_support', o?.sustainment?.health_system_support]],
        'The order states no health system support (4.c).',
      );
    case 'command_and_signal':
      return fromOrder(
        o,
        o?.command_and_signal &&
          !o.command_and_signal.command &&
          !o.command_and_signal.control &&
          !o.command_and_signal.signal
          ? [['Command and signal', 'command_and_signal', o.command_and_signal.text]]
          : [],
        o?.command_and_signal ? 'See 5.a to 5.c.' : 'The order states no command and signal (paragraph 5).',
      );
    case 'command':
      return fromOrder(
        o,
        [['Command', 'command_and_signal.command', o?.command_and_signal?.command]],
        'The order states no command (5.a).',
      );
    case 'control':
      return fromOrder(
        o,
        [['Control', 'command_and_signal.control', o?.command_and_signal?.control]],
        'The order states no control (5.b).',
      );
    case 'signal':
      return fromOrder(
        o,
        [['Signal', 'command_and_signal.signal', o?.command_and_signal?.signal]],
        'The order states no signal (5.c).',
      );
  }
}
