// The pure parts of the language-model port: the schema skeleton (the rule-based drafter's fallback),
// the grammar subset handed to llama.cpp, the tool-turn grammar schema and the output validator's lines.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { grammarSchema, toolTurnSchema } from '../../infra/language-model/grammar-schema.ts';
import { outputSchemaErrors } from '../../infra/language-model/output-validator.ts';
import { schemaSkeleton } from '../../infra/language-model/schema-skeleton.ts';

const RECORD = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 3, maxLength: 8 },
    kind: { enum: ['fact', 'assumption'] },
    count: { type: 'integer', exclusiveMinimum: 2, maximum: 9 },
    share: { type: 'number', minimum: 0.5 },
    at: { type: 'string', format: 'date-time' },
    items: { type: 'array', minItems: 2, items: { $ref: '#/$defs/item' } },
    optional: { type: 'string' },
    choice: { anyOf: [{ type: 'null' }, { type: 'string' }] },
  },
  required: ['title', 'kind', 'count', 'share', 'at', 'items', 'choice'],
  additionalProperties: false,
  $defs: {
    item: { type: 'object', properties: { done: { type: 'boolean' }, id: { const: 'x' } }, required: ['done', 'id'] },
  },
};

test('schema skeleton: the smallest valid instance, marker in free strings, required properties only', () => {
  const value = schemaSkeleton(RECORD, 'DRAFT-MARKER');
  assert.equal(value, {
    title: 'DRAFT-MA',
    kind: 'fact',
    count: 3,
    share: 0.5,
    at: '1970-01-01T00:00:00Z',
    items: [
      { done: false, id: 'x' },
      { done: false, id: 'x' },
    ],
    choice: null,
  });
  assert.equal(outputSchemaErrors(RECORD, value), []);
});

test('schema skeleton: a marker shorter than minLength is padded', () => {
  assert.is(schemaSkeleton({ type: 'string', minLength: 5 }, 'ab'), 'ab...');
});

test('grammar subset: anyOf becomes oneOf, numeric ranges and unknown formats go, lengths and $defs stay', () => {
  assert.equal(
    grammarSchema({
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 0, maximum: 9 },
        s: { type: 'string', maxLength: 4, pattern: '^a', format: 'uuid' },
        d: { type: 'string', format: 'date' },
        u: { anyOf: [{ type: 'null' }, { $ref: '#/definitions/x' }] },
      },
      required: ['n'],
      definitions: { x: { type: 'array', items: { type: 'number', multipleOf: 2 }, maxItems: 3 } },
    }),
    {
      type: 'object',
      properties: {
        n: { type: 'integer' },
        s: { type: 'string', maxLength: 4 },
        d: { type: 'string', format: 'date' },
        u: { oneOf: [{ type: 'null' }, { $ref: '#/$defs/x' }] },
      },
      required: ['n'],
      $defs: { x: { type: 'array', items: { type: 'number' }, maxItems: 3 } },
    },
  );
});

test('tool-turn schema: calls and the answer; required leaves the answer out, none the calls', () => {
  const parameters = { type: 'object', properties: { x: { type: 'number', minimum: 1 } } };
  const tools = [{ name: 'a', description: '', parameters }];
  const call = {
    type: 'object',
    properties: { tool: { const: 'a' }, arguments: { type: 'object', properties: { x: { type: 'number' } } } },
    required: ['tool', 'arguments'],
    additionalProperties: false,
  };
  const answer = {
    type: 'object',
    properties: { answer: { type: 'string', minLength: 1 } },
    required: ['answer'],
    additionalProperties: false,
  };
  assert.equal(toolTurnSchema(tools), { oneOf: [call, answer] });
  assert.equal(toolTurnSchema(tools, 'required'), { oneOf: [call] });
  assert.equal(toolTurnSchema(tools, 'none'), { oneOf: [answer] });
});

test('output validator: one line per error with the path', () => {
  assert.equal(outputSchemaErrors(RECORD, { ...(schemaSkeleton(RECORD, 'abc') as object), count: 2.5, extra: 1 }), [
    '/ must NOT have additional properties (extra)',
    '/count must be integer',
  ]);
});

test('output validator: an exponent that overflows (1e400 parses to Infinity) is rejected, wherever it is', () => {
  // ajv alone takes Infinity for an integer, and JSON.stringify would store it as null.
  assert.equal(outputSchemaErrors({ type: 'integer' }, JSON.parse('1e400')), ['/ must be a finite number']);
  assert.equal(outputSchemaErrors({}, JSON.parse('{"a": [1, -2e999]}')), ['/a/1 must be a finite number']);
});

test.run();
