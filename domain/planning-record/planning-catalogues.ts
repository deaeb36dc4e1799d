// The field catalogues of the planning records, from doctrine (../shared/reference/planning-doctrine.md):
// - mission analysis: ATP 5-0.2-1 (Dec 2020) chapter 2, mission-analysis substeps 2.1–2.17;
// - WARNO: the five-paragraph order of FM 6-0 appendix C (FM 5-0 orders appendix), with the warning
//   order's minimum contents of ATP 5-0.2-1 para 2-107;
// - COA statement: ATP 5-0.2-1 paras 2-144 to 2-146 (COA statement and sketch) and FM 5-0 (COA
//   development, screening criteria).
// Each entry says what it holds and where doctrine defines it; structured lists carry an item rule.
import type { ItemRule } from './planning-items.ts';

export interface CatalogueEntry<Type extends string = string> {
  type: Type;
  title: string;
  /** Manual and paragraph the entry follows. */
  doctrine: string;
  /** Structured list (items) or, when null, free text (Markdown) only. */
  items: ItemRule | null;
}

const TASKS: ItemRule = { kinds: ['specified', 'implied', 'essential'], fields: [] };
const CONSTRAINTS: ItemRule = { kinds: ['requirement', 'prohibition'], fields: [] };
const FACTS_AND_ASSUMPTIONS: ItemRule = { kinds: ['fact', 'assumption'], fields: [] };
const RISKS: ItemRule = { kinds: null, fields: ['probability', 'severity', 'risk_level', 'controls'] };
const CCIR: ItemRule = { kinds: ['pir', 'ffir', 'eefi'], fields: [] };
const CRITERIA: ItemRule = { kinds: null, fields: ['definition', 'unit_of_measure', 'benchmark', 'weight'] };
const TIMELINE: ItemRule = { kinds: null, fields: ['at'] };
const UNIT_TASKS: ItemRule = { kinds: null, fields: ['unit'] };

export const MISSION_ANALYSIS_CATALOGUE = [
  {
    type: 'higher_headquarters_order',
    title:
      "Higher headquarters' order: mission, intent one and two levels up, concept, area of operations, control " +
      'measures, adjacent units, timeline',
    doctrine: 'ATP 5-0.2-1 substep 2.1',
    items: null,
  },
  {
    type: 'terrain_and_weather',
    title:
      'Terrain (OAKOC: observation and fields of fire, avenues of approach, key terrain, obstacles, cover and ' +
      'concealment) and weather',
    doctrine: 'ATP 5-0.2-1 substep 2.2 (IPB)',
    items: null,
  },
  {
    type: 'civil_considerations',
    title: 'Civil considerations (ASCOPE: areas, structures, capabilities, organizations, people, events)',
    doctrine: 'ATP 5-0.2-1 substep 2.2 (IPB)',
    items: null,
  },
  {
    type: 'enemy_situation',
    title: 'Threat: composition, disposition, strength; most likely and most dangerous COAs',
    doctrine: 'ATP 5-0.2-1 substep 2.2 (IPB)',
    items: null,
  },
  { type: 'tasks', title: 'Specified, implied and essential tasks', doctrine: 'ATP 5-0.2-1 substep 2.3', items: TASKS },
  {
    type: 'available_assets',
    title: 'Available assets and shortfalls',
    doctrine: 'ATP 5-0.2-1 substep 2.4',
    items: null,
  },
  {
    type: 'constraints',
    title: 'Constraints: requirements (must do) and prohibitions (cannot do)',
    doctrine: 'ATP 5-0.2-1 substep 2.5',
    items: CONSTRAINTS,
  },
  {
    type: 'facts_and_assumptions',
    title: 'Facts and assumptions (an assumption must be valid and necessary)',
    doctrine: 'ATP 5-0.2-1 substep 2.6',
    items: FACTS_AND_ASSUMPTIONS,
  },
  {
    type: 'initial_risk_assessment',
    title: 'Initial risk assessment: hazard, probability, severity, level, controls',
    doctrine: 'ATP 5-0.2-1 substep 2.7; ATP 5-19',
    items: RISKS,
  },
  {
    type: 'ccir',
    title:
      "Commander's critical information requirements (PIR, FFIR) and essential elements of friendly information (EEFI)",
    doctrine: 'ATP 5-0.2-1 substep 2.8',
    items: CCIR,
  },
  {
    type: 'information_collection_plan',
    title: 'Initial information-collection plan',
    doctrine: 'ATP 5-0.2-1 substep 2.9',
    items: null,
  },
  {
    type: 'time_plan',
    title: 'Time plan (one-third / two-thirds rule)',
    doctrine: 'ATP 5-0.2-1 substep 2.10',
    items: TIMELINE,
  },
  { type: 'problem_statement', title: 'Problem statement', doctrine: 'ATP 5-0.2-1 substep 2.11', items: null },
  {
    type: 'restated_mission',
    title: 'Restated mission: who, what (task), when, where, why (purpose)',
    doctrine: 'ATP 5-0.2-1 substep 2.12',
    items: null,
  },
  {
    type: 'commanders_initial_intent',
    title: "Commander's initial intent: purpose, key tasks, end state",
    doctrine: 'ATP 5-0.2-1 substep 2.14',
    items: null,
  },
  {
    type: 'planning_guidance',
    title: "Commander's planning guidance",
    doctrine: 'ATP 5-0.2-1 substep 2.15',
    items: null,
  },
  {
    type: 'coa_evaluation_criteria',
    title: 'COA evaluation criteria: name, definition, unit of measure, benchmark, weight',
    doctrine: 'ATP 5-0.2-1 substep 2.16',
    items: CRITERIA,
  },
] as const satisfies readonly CatalogueEntry[];

export type MissionAnalysisType = (typeof MISSION_ANALYSIS_CATALOGUE)[number]['type'];
export const MISSION_ANALYSIS_TYPES = MISSION_ANALYSIS_CATALOGUE.map((e) => e.type) as MissionAnalysisType[];

/**
 * The WARNO as a tree: the five paragraphs (roots) and their sub-paragraphs. Every node is a record
 * type of its own, so a staff section writes its sub-paragraph while another writes the next.
 */
export const WARNO_CATALOGUE = [
  { type: 'situation', title: '1. Situation', doctrine: 'FM 6-0 app. C, para 1', items: null, parent: null },
  {
    type: 'area_of_interest',
    title: '1.a Area of interest',
    doctrine: 'FM 6-0 app. C, para 1.a',
    items: null,
    parent: 'situation',
  },
  {
    type: 'area_of_operations',
    title: '1.b Area of operations: terrain and weather',
    doctrine: 'FM 6-0 app. C, para 1.b',
    items: null,
    parent: 'situation',
  },
  {
    type: 'enemy_forces',
    title: '1.c Enemy forces',
    doctrine: 'FM 6-0 app. C, para 1.c',
    items: null,
    parent: 'situation',
  },
  {
    type: 'friendly_forces',
    title: "1.d Friendly forces: higher headquarters' mission and intent, adjacent units",
    doctrine: 'FM 6-0 app. C, para 1.d',
    items: null,
    parent: 'situation',
  },
  {
    type: 'interagency_organizations',
    title: '1.e Interagency, intergovernmental and nongovernmental organizations',
    doctrine: 'FM 6-0 app. C, para 1.e',
    items: null,
    parent: 'situation',
  },
  {
    type: 'civil_considerations',
    title: '1.f Civil considerations',
    doctrine: 'FM 6-0 app. C, para 1.f',
    items: null,
    parent: 'situation',
  },
  {
    type: 'attachments_and_detachments',
    title: '1.g Attachments and detachments',
    doctrine: 'FM 6-0 app. C, para 1.g',
    items: UNIT_TASKS,
    parent: 'situation',
  },
  {
    type: 'assumptions',
    title: '1.h Assumptions',
    doctrine: 'FM 6-0 app. C, para 1.h',
    items: null,
    parent: 'situation',
  },
  { type: 'mission', title: '2. Mission', doctrine: 'FM 6-0 app. C, para 2', items: null, parent: null },
  { type: 'execution', title: '3. Execution', doctrine: 'FM 6-0 app. C, para 3', items: null, parent: null },
  {
    type: 'commanders_intent',
    title: "3.a Initial commander's intent",
    doctrine: 'FM 6-0 app. C, para 3.a',
    items: null,
    parent: 'execution',
  },
  {
    type: 'concept_of_operations',
    title: '3.b Concept of operations',
    doctrine: 'FM 6-0 app. C, para 3.b',
    items: null,
    parent: 'execution',
  },
  {
    type: 'tasks_to_subordinate_units',
    title: '3.c Tasks to subordinate units',
    doctrine: 'FM 6-0 app. C, para 3.c',
    items: UNIT_TASKS,
    parent: 'execution',
  },
  {
    type: 'coordinating_instructions',
    title: '3.d Coordinating instructions',
    doctrine: 'FM 6-0 app. C, para 3.d; ATP 5-0.2-1 para 2-107',
    items: null,
    parent: 'execution',
  },
  {
    type: 'timeline',
    title: '3.d(1) Time or condition when the plan or order becomes effective; timeline',
    doctrine: 'FM 6-0 app. C, para 3.d',
    items: TIMELINE,
    parent: 'coordinating_instructions',
  },
  {
    type: 'ccir',
    title: "3.d(2) Commander's critical information requirements",
    doctrine: 'FM 6-0 app. C, para 3.d',
    items: CCIR,
    parent: 'coordinating_instructions',
  },
  {
    type: 'risk_reduction_control_measures',
    title: '3.d(3) Risk reduction control measures',
    doctrine: 'FM 6-0 app. C, para 3.d',
    items: RISKS,
    parent: 'coordinating_instructions',
  },
  {
    type: 'initial_movement_instructions',
    title: '3.d(4) Initial movement instructions',
    doctrine: 'ATP 5-0.2-1 para 2-107',
    items: null,
    parent: 'coordinating_instructions',
  },
  {
    type: 'orders_and_rehearsals',
    title: '3.d(5) Orders group meeting and rehearsals',
    doctrine: 'FM 6-0 app. C, para 3.d',
    items: null,
    parent: 'coordinating_instructions',
  },
  { type: 'sustainment', title: '4. Sustainment', doctrine: 'FM 6-0 app. C, para 4', items: null, parent: null },
  {
    type: 'logistics',
    title: '4.a Logistics',
    doctrine: 'FM 6-0 app. C, para 4.a',
    items: null,
    parent: 'sustainment',
  },
  {
    type: 'personnel',
    title: '4.b Personnel',
    doctrine: 'FM 6-0 app. C, para 4.b',
    items: null,
    parent: 'sustainment',
  },
  {
    type: 'health_system_support',
    title: '4.c Health system support',
    doctrine: 'FM 6-0 app. C, para 4.c',
    items: null,
    parent: 'sustainment',
  },
  {
    type: 'command_and_signal',
    title: '5. Command and signal',
    doctrine: 'FM 6-0 app. C, para 5',
    items: null,
    parent: null,
  },
  {
    type: 'command',
    title: '5.a Command',
    doctrine: 'FM 6-0 app. C, para 5.a',
    items: null,
    parent: 'command_and_signal',
  },
  {
    type: 'control',
    title: '5.b Control',
    doctrine: 'FM 6-0 app. C, para 5.b',
    items: null,
    parent: 'command_and_signal',
  },
  {
    type: 'signal',
    title: '5.c Signal',
    doctrine: 'FM 6-0 app. C, para 5.c',
    items: null,
    parent: 'command_and_signal',
  },
] as const satisfies ReadonlyArray<CatalogueEntry & { parent: string | null }>;

export type WarnoType = (typeof WARNO_CATALOGUE)[number]['type'];
export const WARNO_TYPES = WARNO_CATALOGUE.map((e) => e.type) as WarnoType[];

/** GET /api/warno/fields: every WARNOAvailable value with its children, in order (leaves: []). */
export function warnoFieldTree(): Record<WarnoType, WarnoType[]> {
  const tree = Object.fromEntries(WARNO_TYPES.map((t) => [t, [] as WarnoType[]])) as Record<WarnoType, WarnoType[]>;
  for (const entry of WARNO_CATALOGUE) if (entry.parent) tree[entry.parent as WarnoType].push(entry.type);
  return tree;
}

/** COA statement fields (ATP 5-0.2-1 paras 2-144 to 2-146; FM 5-0 COA development). */
export const COA_STATEMENT_CATALOGUE = [
  {
    type: 'mission_and_intent',
    title: "Mission and commander's intent",
    doctrine: 'ATP 5-0.2-1 para 2-145',
    items: null,
  },
  { type: 'concept_of_operations', title: 'Concept of operations', doctrine: 'ATP 5-0.2-1 para 2-145', items: null },
  {
    type: 'form_of_maneuver',
    title:
      'Form of maneuver (envelopment, turning movement, infiltration, penetration, frontal attack, flank attack) or ' +
      'defense (area, mobile, retrograde)',
    doctrine: 'FM 3-90; ATP 5-0.2-1 para 2-145',
    items: null,
  },
  {
    type: 'decisive_operation',
    title: 'Decisive operation',
    doctrine: 'ATP 5-0.2-1 para 2-145 (operational framework)',
    items: null,
  },
  {
    type: 'shaping_operations',
    title: 'Shaping operations',
    doctrine: 'ATP 5-0.2-1 para 2-145 (operational framework)',
    items: null,
  },
  {
    type: 'sustaining_operations',
    title: 'Sustaining operations',
    doctrine: 'ATP 5-0.2-1 para 2-145 (operational framework)',
    items: null,
  },
  { type: 'main_effort', title: 'Main effort and supporting efforts', doctrine: 'ATP 5-0.2-1 para 2-145', items: null },
  { type: 'reserve', title: 'Reserve', doctrine: 'ATP 5-0.2-1 para 2-145', items: null },
  { type: 'phases_and_transitions', title: 'Phases and transitions', doctrine: 'ATP 5-0.2-1 para 2-145', items: null },
  {
    type: 'task_organization',
    title: 'Task organization and tasks to subordinate units',
    doctrine: 'ATP 5-0.2-1 para 2-145',
    items: UNIT_TASKS,
  },
  {
    type: 'information_collection',
    title: 'Information-collection priorities',
    doctrine: 'ATP 5-0.2-1 para 2-145',
    items: null,
  },
  { type: 'fires', title: 'Concept of fires', doctrine: 'ATP 5-0.2-1 para 2-145', items: null },
  { type: 'protection', title: 'Concept of protection', doctrine: 'ATP 5-0.2-1 para 2-145', items: null },
  { type: 'sustainment', title: 'Concept of sustainment', doctrine: 'ATP 5-0.2-1 para 2-145', items: null },
  { type: 'control_measures', title: 'Control measures', doctrine: 'ATP 5-0.2-1 para 2-146 (COA sketch)', items: null },
  {
    type: 'decision_points',
    title: 'Decision points (decision support matrix)',
    doctrine: 'ATP 5-0.2-1 para 2-145',
    items: null,
  },
  { type: 'end_state', title: 'End state', doctrine: 'ATP 5-0.2-1 para 2-145', items: null },
  { type: 'risk', title: 'Risk', doctrine: 'ATP 5-0.2-1 para 2-145; ATP 5-19', items: RISKS },
] as const satisfies readonly CatalogueEntry[];

export type CoaStatementFieldType = (typeof COA_STATEMENT_CATALOGUE)[number]['type'];
export const COA_STATEMENT_FIELD_TYPES = COA_STATEMENT_CATALOGUE.map((e) => e.type) as CoaStatementFieldType[];

export function catalogueEntry<E extends CatalogueEntry>(catalogue: readonly E[], type: string): E | undefined {
  return catalogue.find((e) => e.type === type);
}
