// The JSON Schemas a model's turn and assessment must satisfy: within the wargame record's own
// limits (llm-simulation-events.ts), and short enough for the token budget so a reply is never cut
// off mid-JSON. Scores are a closed list (0, 5, …, 100 or null): a grammar bounds an enum, not a
// numeric range.
import { MAX_ASSESSMENTS } from './llm-simulation-events.ts';

/** Per-field limits of the record (WargameTurn). */
const TURN_FIELD_LIMITS = {
  critical_event: 1000,
  time: 100,
  action: 4000,
  reaction: 4000,
  counteraction: 4000,
  result: 4000,
  decision_point: 1000,
} as const;
const NULLABLE = new Set(['time', 'result', 'decision_point']);

export const SCORE_VALUES = Array.from({ length: 21 }, (_, i) => i * 5);

/**
 * Characters each of a turn's seven texts may take for a token budget: even a model writing one
 * character per token closes the JSON (160 tokens for the keys, quotes and commas around them).
 */
export function turnFieldLimit(maxTokens: number): number {
  return Math.max(8, Math.min(4000, Math.floor((maxTokens - 160) / 7)));
}

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' });

export function turnDraftSchema(maxTokens: number): Record<string, unknown> {
  const limit = turnFieldLimit(maxTokens);
  const properties = Object.fromEntries(
    Object.entries(TURN_FIELD_LIMITS).map(([name, max]) => {
      const field = text(Math.min(max, limit));
      return [name, NULLABLE.has(name) ? { anyOf: [field, { type: 'null' }] } : field];
    }),
  );
  return { type: 'object', properties, required: Object.keys(TURN_FIELD_LIMITS), additionalProperties: false };
}

export function assessmentDraftSchema(criteria: number, maxTokens: number): Record<string, unknown> {
  const count = Math.min(criteria, MAX_ASSESSMENTS);
  // Each item's JSON around its rationale ({"score":100,"rationale":""},) takes about 30 characters.
  const rationale = Math.max(8, Math.min(4000, Math.floor((maxTokens - 32) / Math.max(1, count)) - 40));
  return {
    type: 'object',
    properties: {
      scores: {
        type: 'array',
        minItems: count,
        maxItems: count,
        items: {
          type: 'object',
          properties: { score: { enum: [...SCORE_VALUES, null] }, rationale: text(rationale) },
          required: ['score', 'rationale'],
          additionalProperties: false,
        },
      },
    },
    required: ['scores'],
    additionalProperties: false,
  };
}
