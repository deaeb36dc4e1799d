// node-llama-cpp turns a JSON Schema into a GBNF grammar, for a subset of the keywords (type, const,
// enum, oneOf, string lengths and formats, object properties, array items and lengths, local $ref).
// This maps a full JSON Schema onto that subset: anyOf becomes oneOf, what the grammar cannot express
// (numeric ranges, patterns, ...) is left to the validator, which checks every output anyway.
import type { JsonSchema, ToolDefinition } from './language-model.ts';

const KEPT = new Set([
  'type',
  'const',
  'enum',
  'minLength',
  'maxLength',
  'required',
  'minProperties',
  'maxProperties',
  'minItems',
  'maxItems',
  '$ref',
  'description',
]);
const GRAMMAR_FORMATS = new Set(['date-time', 'date', 'time']);

function subset(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(subset);
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (KEPT.has(key)) out[key] = value;
    else if (key === 'format' && typeof value === 'string' && GRAMMAR_FORMATS.has(value)) out[key] = value;
    else if (key === 'anyOf' || key === 'oneOf') out.oneOf = subset(value);
    else if (key === 'items' || key === 'additionalProperties') out[key] = subset(value);
    else if (key === 'prefixItems') out[key] = subset(value);
    else if (key === 'properties' || key === '$defs' || key === 'definitions') {
      out[key === 'definitions' ? '$defs' : key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, child]) => [name, subset(child)]),
      );
    }
  }
  if (typeof out.$ref === 'string') out.$ref = out.$ref.replace('#/definitions/', '#/$defs/');
  // A TypeBox Type.Integer is a number to the grammar too; other keywords-free schemas mean any JSON.
  return out;
}

/** The grammar subset of `schema`. */
const ANSWER_SCHEMA = {
  type: 'object',
  properties: { answer: { type: 'string', minLength: 1 } },
  required: ['answer'],
  additionalProperties: false,
};

export function grammarSchema(schema: JsonSchema): JsonSchema {
  return subset(schema) as JsonSchema;
}

/**
 * One reply of a tool turn: `{"tool": name, "arguments": {...}}` for a call or `{"answer": "..."}`,
 * so any GGUF model calls tools under a grammar, whatever its chat template knows of functions.
 * `required` leaves the answer out, `none` the calls.
 */
export function toolTurnSchema(tools: ToolDefinition[], choice: 'auto' | 'required' | 'none' = 'auto'): JsonSchema {
  const calls = choice === 'none' ? [] : tools;
  const answer = choice === 'required' ? [] : [ANSWER_SCHEMA];
  return {
    oneOf: [
      ...calls.map((tool) => ({
        type: 'object',
        properties: { tool: { const: tool.name }, arguments: grammarSchema(tool.parameters) },
        required: ['tool', 'arguments'],
        additionalProperties: false,
      })),
      ...answer,
    ],
  };
}
