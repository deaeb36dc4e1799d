// One configuration of ajv for the whole service: all errors (so a 422 lists every culprit), the
// standard string formats, and TypeBox's schemas taken as they are.
import { Ajv, type Options } from 'ajv';
import formatsModule from 'ajv-formats';

// ajv-formats is CommonJS with `exports.default`; under NodeNext ESM the callable sits on `.default`.
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv) => Ajv;

export type AjvInstance = Ajv;

export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, ...options });
  addFormats(ajv);
  return ajv;
}
