// Items of the structured planning records (tasks, constraints, facts and assumptions, risks, CCIR,
// evaluation criteria, timelines, tasks to units): one item shape with the fields doctrine gives
// each list, and per list a rule saying which kinds and fields it takes (planning-catalogues.ts).
import { Type, type Static } from '@sinclair/typebox';
import { NonEmptyText, NullableText, StringEnum, Uuid } from '../shared/schema-types.ts';
import { DomainError } from '../shared/domain-error.ts';

/** Every item kind of every list (a list's rule narrows it). */
export const ITEM_KINDS = [
  'specified',
  'implied',
  'essential',
  'requirement',
  'prohibition',
  'fact',
  'assumption',
  'pir',
  'ffir',
  'eefi',
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** ATP 5-19 risk matrix (table 1-1). */
export const PROBABILITIES = ['frequent', 'likely', 'occasional', 'seldom', 'unlikely'] as const;
export const SEVERITIES = ['catastrophic', 'critical', 'moderate', 'negligible'] as const;
export const RISK_LEVELS = ['extremely_high', 'high', 'medium', 'low'] as const;

/** The sources an item cites (item provenance): where each fact of it was read, or the rule that made it. */
export const CITATION_KINDS = [
  'order',
  'terrain_evaluation',
  'analysis',
  'terrain_summary',
  'document',
  'operation',
  'rule',
] as const;
export const ItemCitation = Type.Object(
  {
    kind: StringEnum(
      CITATION_KINDS,
      "order: an element of the higher headquarters' order; terrain_evaluation / analysis: a result; rule: a drafting rule",
    ),
    ref: Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'The order element path, the result path, or the rule id (domain/mission-analysis/)',
    }),
    document_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'order: the document' })),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    start: Type.Optional(Type.Integer({ minimum: 0, description: "order: offset in the page's extracted text" })),
    end: Type.Optional(Type.Integer({ minimum: 0 })),
    analysis_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false, title: 'ItemCitation' },
);
export type ItemCitation = Static<typeof ItemCitation>;

/** The fields an item may carry; `text` always, the others as its list's rule allows. */
export const PlanningItemFields = {
  text: NonEmptyText(4000, 'The task, constraint, fact, assumption, hazard, question, criterion or event (Markdown)'),
  kind: Type.Optional(
    StringEnum(
      ITEM_KINDS,
      'Kind within the list (specified/implied/essential; requirement/prohibition; fact/assumption; pir/ffir/eefi)',
    ),
  ),
  source: Type.Optional(NullableText(500, 'Where it comes from (paragraph of the higher order, staff section, ...)')),
  probability: Type.Optional(StringEnum(PROBABILITIES, 'Risk: probability (ATP 5-19)')),
  severity: Type.Optional(StringEnum(SEVERITIES, 'Risk: severity (ATP 5-19)')),
  risk_level: Type.Optional(StringEnum(RISK_LEVELS, 'Risk: initial level from probability and severity (ATP 5-19)')),
  controls: Type.Optional(NullableText(4000, 'Risk: controls')),
  definition: Type.Optional(NullableText(2000, 'Evaluation criterion: definition')),
  unit_of_measure: Type.Optional(NullableText(100, 'Evaluation criterion: unit of measure')),
  benchmark: Type.Optional(NullableText(500, 'Evaluation criterion: benchmark')),
  weight: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Evaluation criterion: weight' })),
  at: Type.Optional(NullableText(100, 'Timeline: when (date-time or date-time group)')),
  unit: Type.Optional(NullableText(200, 'Task to a subordinate unit: the unit')),
  cites: Type.Optional(
    Type.Array(ItemCitation, { maxItems: 12, description: 'What the item was drafted from (any list may carry it)' }),
  ),
};

export const PlanningItemInput = Type.Object(
  {
    item_id: Type.Optional(Uuid),
    ...PlanningItemFields,
  },
  { additionalProperties: false, title: 'PlanningItemInput' },
);
export type PlanningItemInput = Static<typeof PlanningItemInput>;

export interface ItemRule {
  /** Kinds the list takes (an item must give one), or null when items have no kind. */
  kinds: readonly ItemKind[] | null;
  /** Fields besides text and kind that items of this list may carry. */
  fields: ReadonlyArray<keyof typeof PlanningItemFields>;
}

/** Items of this list, or a DomainError('invalid') at the first item that breaks the rule. */
export function checkItems(items: readonly PlanningItemInput[], rule: ItemRule | null, listName: string): void {
  if (!rule) {
    if (items.length > 0)
      throw new DomainError('invalid', `${listName} is free text: it takes no items`, ['body', 'items']);
    return;
  }
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (item.item_id) {
      if (seen.has(item.item_id))
        throw new DomainError('invalid', `item_id ${item.item_id} appears twice`, ['body', 'items', i, 'item_id']);
      seen.add(item.item_id);
    }
    if (rule.kinds) {
      if (!item.kind)
        throw new DomainError('invalid', `${listName} items need a kind: one of ${rule.kinds.join(', ')}`, [
          'body',
          'items',
          i,
          'kind',
        ]);
      if (!rule.kinds.includes(item.kind)) {
        throw new DomainError('invalid', `${listName} items take kind ${rule.kinds.join(', ')}, not ${item.kind}`, [
          'body',
          'items',
          i,
          'kind',
        ]);
      }
    } else if (item.kind !== undefined) {
      throw new DomainError('invalid', `${listName} items have no kind`, ['body', 'items', i, 'kind']);
    }
    for (const field of Object.keys(item) as Array<keyof PlanningItemInput>) {
      if (field === 'item_id' || field === 'text' || field === 'kind' || field === 'source' || field === 'cites')
        continue;
      if (!rule.fields.includes(field)) {
        throw new DomainError(
          'invalid',
          `${listName} items do not take ${field} (they take ${['text', 'source', ...rule.fields].join(', ')})`,
          ['body', 'items', i, field],
        );
      }
    }
  });
}
