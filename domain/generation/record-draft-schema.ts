// The JSON Schema a draft of one planning record must satisfy: the same limits and item fields as
// the planning records themselves (planning-items.ts), narrowed to the
// record type's rule, so a valid draft is a valid update. Models are constrained by it (grammar,
// json_schema) and every output is validated against it.
import { PlanningItemFields, type ItemRule } from '../planning-record/planning-items.ts';

/** Most items a draft writes (the record takes more; a draft stays reviewable). */
export const MAX_DRAFT_ITEMS = 30;
/** Longest text a draft writes (the record takes MAX_RECORD_TEXT): a paragraph, and a bound for the grammar. */
export const MAX_DRAFT_TEXT = 4000;

/**
 * The text limit for a token budget: even a model writing one character per token (byte tokens)
 * closes its JSON within the budget, so a draft is never cut off (64 tokens left for the JSON around it).
 */
export function draftTextLimit(maxTokens: number): number {
  return Math.max(16, Math.min(MAX_DRAFT_TEXT, maxTokens - 64));
}

export interface RecordDraft {
  text: string;
  items?: Array<Record<string, unknown> & { text: string }>;
}

/** A TypeBox schema as plain JSON (its symbol keys dropped). */
const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

export function recordDraftSchema(rule: ItemRule | null, maxText = MAX_DRAFT_TEXT): Record<string, unknown> {
  const text = { type: 'string', minLength: 1, maxLength: maxText, pattern: '\\S' };
  if (!rule) return { type: 'object', properties: { text }, required: ['text'], additionalProperties: false };
  const itemProperties: Record<string, unknown> = { text: plain(PlanningItemFields.text) };
  const required = ['text'];
  if (rule.kinds) {
    itemProperties.kind = { type: 'string', enum: [...rule.kinds] };
    required.push('kind');
  }
  itemProperties.source = plain(PlanningItemFields.source);
  itemProperties.cites = plain(PlanningItemFields.cites);
  for (const field of rule.fields) itemProperties[field] = plain(PlanningItemFields[field]);
  return {
    type: 'object',
    properties: {
      text,
      items: {
        type: 'array',
        maxItems: MAX_DRAFT_ITEMS,
        items: { type: 'object', properties: itemProperties, required, additionalProperties: false },
      },
    },
    required: ['text', 'items'],
    additionalProperties: false,
  };
}
