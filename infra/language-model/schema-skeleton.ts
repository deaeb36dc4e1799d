// The smallest deterministic instance of a JSON Schema: what the rule-based drafter returns for a task it
// has no rule for, so a structured request never fails for want of a model. Strings carry `marker`
// (cut to maxLength), so such a value is recognisable as a placeholder.
import type { JsonSchema } from './language-model.ts';

type Schema = JsonSchema & {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  format?: string;
};

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '1970-01-01T00:00:00Z',
  date: '1970-01-01',
  time: '00:00:00Z',
  uuid: '00000000-0000-0000-0000-000000000000',
  email: 'draft@example.invalid',
  uri: 'urn:rule-based-draft',
};

function resolveRef(root: Schema, ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`schema skeleton: only local references are supported, got ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  if (!node || typeof node !== 'object') throw new Error(`schema skeleton: unresolved reference ${ref}`);
  return node as Schema;
}

function stringValue(schema: Schema, marker: string): string {
  if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format]!;
  let text = marker;
  if (schema.maxLength !== undefined) text = text.slice(0, schema.maxLength);
  if (schema.minLength !== undefined && text.length < schema.minLength) text = text.padEnd(schema.minLength, '.');
  return text;
}

function numberValue(schema: Schema, integer: boolean): number {
  let value = 0;
  if (schema.minimum !== undefined) value = Math.max(value, schema.minimum);
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) {
    value = integer ? Math.floor(schema.exclusiveMinimum) + 1 : schema.exclusiveMinimum + 1;
  }
  if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
  return integer ? Math.ceil(value) : value;
}

function skeleton(root: Schema, schema: Schema, marker: string, depth: number): unknown {
  if (depth > 32) throw new Error('schema skeleton: the schema nests deeper than 32 levels');
  if (schema.$ref) return skeleton(root, resolveRef(root, schema.$ref), marker, depth + 1);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf?.length) {
    return schema.allOf.reduce<unknown>((merged, part) => {
      const value = skeleton(root, part, marker, depth + 1);
      const objects = merged && typeof merged === 'object' && value && typeof value === 'object';
      return objects ? { ...merged, ...value } : value;
    }, undefined);
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return skeleton(root, branches[0]!, marker, depth + 1);
  const type = Array.isArray(schema.type)
    ? schema.type[0]
    : (schema.type ?? (schema.properties ? 'object' : undefined));
  switch (type) {
    case 'string':
      return stringValue(schema, marker);
    case 'integer':
      return numberValue(schema, true);
    case 'number':
      return numberValue(schema, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const prefix = (schema.prefixItems ?? []).map((item) => skeleton(root, item, marker, depth + 1));
      while (prefix.length < (schema.minItems ?? 0)) prefix.push(skeleton(root, schema.items ?? {}, marker, depth + 1));
      return prefix;
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        value[key] = skeleton(root, schema.properties?.[key] ?? {}, marker, depth + 1);
      }
      return value;
    }
    default:
      return null;
  }
}

/** A value valid against `schema` (for the keywords above), with `marker` in every free string. */
export function schemaSkeleton(schema: JsonSchema, marker: string): unknown {
  return skeleton(schema as Schema, schema as Schema, marker, 0);
}
