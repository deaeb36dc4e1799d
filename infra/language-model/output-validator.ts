// Validates a model's output against the JSON Schema it was asked for: grammars and json_schema modes
// do not bound everything (integers take exponents, lengths and ranges go unchecked), so every output
// is checked here before anything is written.
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../domain/shared/create-ajv.ts';
import type { JsonSchema } from './language-model.ts';

const ajv = createAjv();
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

/**
 * Numbers JSON.parse made infinite (`1e400`, which grammars let through): ajv counts Infinity as an
 * integer, and JSON.stringify would store it as null.
 */
function nonFiniteNumbers(value: unknown, path: string, found: string[]): string[] {
  if (typeof value === 'number' && !Number.isFinite(value)) found.push(`${path || '/'} must be a finite number`);
  else if (Array.isArray(value)) value.forEach((item, i) => nonFiniteNumbers(item, `${path}/${i}`, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) nonFiniteNumbers(item, `${path}/${key}`, found);
  }
  return found;
}

/** The validation errors of `value` against `schema` as short lines (`/path message`); empty when valid. */
export function outputSchemaErrors(schema: JsonSchema, value: unknown): string[] {
  const infinite = nonFiniteNumbers(value, '', []);
  if (infinite.length) return infinite.slice(0, 20);
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, 20).map((error) => {
    const where = error.instancePath || '/';
    const params = error.params as { additionalProperty?: string; allowedValues?: unknown };
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${String(params.additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${JSON.stringify(params.allowedValues)})`
          : '';
    return `${where} ${error.message ?? error.keyword}${extra}`;
  });
}
