// Rule-based drafts of the WARNO paragraphs and the mission-analysis products: deterministic, built
// only from what the service knows (operation fields, maps and whether their terrain data is
// prepared, attached documents), every text opening with RULE_BASED_MARK so no one mistakes it for
// a model's or a person's work. A type without a rule of its own gets a stub naming the doctrine
// and what the staff must add.
import type { Grounding } from './generation-grounding.ts';
import type { RecordDraft } from './record-draft-schema.ts';

/** The language-model task name a planning-record draft runs under (the drafter's key). */
export const RECORD_DRAFT_TASK = 'planning_record_draft';
export const RULE_BASED_MARK = '*Rule-based draft (no language model): review and complete.*';
const SOURCE = 'rule-based draft';

type Item = NonNullable<RecordDraft['items']>[number];
type Rule = (g: Grounding) => { lines: string[]; items?: Item[] };

const who = (g: Grounding) => `${g.operation.unit} (${g.operation.echelon}, ${g.operation.branch})`;
const mapNames = (g: Grounding) => g.maps.map((m) => m.name).join(', ');
const prepared = (g: Grounding) => g.maps.filter((m) => m.finished_terrain_job_ids.length > 0);
const marking = (d: Grounding['documents'][number]) => `${d.file_name} (${d.classification ?? 'unmarked'})`;
/** An item of the list, only when the condition holds. */
const itemIf = (condition: boolean, kind: string, text: string): Item[] =>
  (condition ? [{ kind, text, source: SOURCE }] : []);

function areaLines(g: Grounding): string[] {
  if (g.maps.length === 0) return ['No map of the operation exists yet: the area is TBD (draw it on a map).'];
  const ready = prepared(g);
  const plural = g.maps.length > 1 ? 's' : '';
  return [
    `The area is drawn on map${plural} ${mapNames(g)}.`,
    ready.length > 0
      ? `Terrain data is prepared for ${ready.map((m) => m.name).join(', ')}: `
        + `see the terrain analyses of ${ready.length > 1 ? 'those maps' : 'that map'}.`
      : 'No terrain data is prepared yet: terrain and weather are TBD (run a terrain job on the map).',
  ];
}

const higherOrderLine = (g: Grounding) => (g.documents.length > 0
  ? `Higher headquarters' documents available: ${g.documents.map(marking).join(', ')}.`
  : "No higher headquarters' order is attached: TBD.");

const RULES: Record<string, Rule> = {
  'warno:situation': (g) => ({
    lines: [`Operation ${g.operation.name}, ${who(g)}.`, ...(g.operation.description ? [g.operation.description] : []),
      higherOrderLine(g)],
  }),
  'warno:area_of_interest': (g) => ({ lines: areaLines(g).slice(0, 1) }),
  'warno:area_of_operations': (g) => ({ lines: areaLines(g) }),
  'warno:friendly_forces': (g) => ({
    lines: [`${g.operation.unit} is the unit planning operation ${g.operation.name}.`, higherOrderLine(g)],
  }),
  'warno:mission': (g) => ({
    lines: [`${g.operation.unit} conducts operation ${g.operation.name}`
      + `${g.operation.description ? ` (${g.operation.description})` : ''}. `
      + "Task, time, place and purpose: TBD from the higher headquarters' order."],
  }),
  'warno:attachments_and_detachments': (g) => ({
    lines: [`No attachments or detachments of ${g.operation.unit} are recorded.`], items: [],
  }),
  'warno:timeline': () => ({ lines: ['No times are recorded for the operation: the timeline is TBD.'] }),
  'mission_analysis:higher_headquarters_order': (g) => ({ lines: [higherOrderLine(g)] }),
  'mission_analysis:terrain_and_weather': (g) => ({ lines: areaLines(g) }),
  'mission_analysis:restated_mission': (g) => ({
    lines: [`${g.operation.unit} conducts operation ${g.operation.name}. `
      + "When, where and why: TBD from the higher headquarters' order."],
  }),
  'mission_analysis:facts_and_assumptions': (g) => ({
    lines: ['Facts from the service\'s records; assumptions where the records are silent.'],
    items: [
      ...itemIf(true, 'fact', `${g.operation.unit} is a ${g.operation.echelon} of the ${g.operation.branch} branch.`),
      ...itemIf(g.maps.length > 0, 'fact', `The operation is planned on ${g.maps.length} map(s): ${mapNames(g)}.`),
      ...g.documents.flatMap((d) => itemIf(true, 'fact', `Document ${marking(d)} is available.`)),
      ...itemIf(g.documents.length === 0, 'assumption',
        "The higher headquarters' order will be received before COA development."),
    ],
  }),
  'mission_analysis:tasks': (g) => ({
    lines: ['Specified tasks come from the higher headquarters\' order; these are implied by the state of planning.'],
    items: [
      ...itemIf(g.documents.length === 0, 'implied', "Obtain the higher headquarters' order."),
      ...itemIf(g.maps.length === 0, 'implied', 'Define the area of operations on a map.'),
      ...itemIf(g.maps.length > 0 && prepared(g).length === 0, 'implied', `Prepare terrain data for ${mapNames(g)}.`),
    ],
  }),
};

function fallback(g: Grounding): ReturnType<Rule> {
  return {
    lines: [`${g.record.title} (${g.record.doctrine}) for operation ${g.operation.name}, ${who(g)}: TBD by the staff.`],
    ...(g.record.items ? { items: [] } : {}),
  };
}

export function draftRecordByRules(g: Grounding): RecordDraft {
  const rule = RULES[`${g.record.kind}:${g.record.type}`] ?? fallback;
  const { lines, items } = rule(g);
  const instructions = g.instructions
    ? [`Instructions given (not interpreted by the rule-based drafter): ${g.instructions}`] : [];
  const text = [RULE_BASED_MARK, ...lines, ...instructions].join('\n\n');
  return g.record.items ? { text, items: items ?? [] } : { text };
}
