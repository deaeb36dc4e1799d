// ajv errors → FastAPI / pydantic v2 style issues: `loc` is the path to the culprit, starting at
// "body", "query" or "path"; `type` and `msg` use pydantic's vocabulary clients already know.
import type { ErrorObject } from 'ajv';
import type { ValidationIssue } from './http-error.ts';

const TYPE_NAMES: Record<string, [string, string]> = {
  string: ['string_type', 'Input should be a valid string'],
  integer: ['int_type', 'Input should be a valid integer'],
  number: ['float_type', 'Input should be a valid number'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  object: ['dict_type', 'Input should be a valid dictionary or object'],
  array: ['list_type', 'Input should be a valid list'],
  null: ['none_required', 'Input should be None'],
};

function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
}

function pathSegments(instancePath: string, numericIndices: boolean): Array<string | number> {
  if (!instancePath) return [];
  return instancePath
    .split('/')
    .slice(1)
    .map((raw) => {
      const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      return numericIndices && /^\d+$/.test(segment) ? Number(segment) : segment;
    });
}

function issueOf(error: ErrorObject, root: string): ValidationIssue {
  const loc: Array<string | number> = [root, ...pathSegments(error.instancePath, root === 'body')];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- ajv types params per keyword; each case reads its own
  const p = error.params as Record<string, any>;
  switch (error.keyword) {
    case 'required':
      return { loc: [...loc, p.missingProperty], msg: 'Field required', type: 'missing' };
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const snake = snakeCase(name);
      // parentSchema is there because the validators are compiled with ajv's `verbose` option.
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const hint =
        snake !== name && known.includes(snake) ? `; field names are snake_case: did you mean '${snake}'?` : '';
      return { loc: [...loc, name], msg: `Extra inputs are not permitted${hint}`, type: 'extra_forbidden' };
    }
    case 'type': {
      const wanted = String(Array.isArray(p.type) ? (p.type.find((t: string) => t !== 'null') ?? p.type[0]) : p.type);
      const [type, msg] = TYPE_NAMES[wanted] ?? ['type_error', error.message ?? 'Invalid type'];
      return { loc, msg, type };
    }
    case 'format':
      if (p.format === 'uuid') return { loc, msg: 'Input should be a valid UUID', type: 'uuid_parsing' };
      if (p.format === 'date-time')
        return { loc, msg: 'Input should be a valid datetime (RFC 3339)', type: 'datetime_parsing' };
      return { loc, msg: `Input should match format ${p.format}`, type: 'value_error' };
    case 'enum':
      return {
        loc,
        msg: `Input should be ${(p.allowedValues as unknown[]).map((v) => `'${v}'`).join(', ')}`,
        type: 'enum',
      };
    case 'const':
      return { loc, msg: `Input should be '${p.allowedValue}'`, type: 'literal_error' };
    case 'minLength':
      return p.limit === 1
        ? { loc, msg: 'String should have at least 1 character', type: 'string_too_short' }
        : { loc, msg: `String should have at least ${p.limit} characters`, type: 'string_too_short' };
    case 'maxLength':
      return { loc, msg: `String should have at most ${p.limit} characters`, type: 'string_too_long' };
    case 'pattern':
      return {
        loc,
        msg: p.pattern === '\\S' ? 'String should not be blank' : `String should match pattern '${p.pattern}'`,
        type: 'string_pattern_mismatch',
      };
    case 'minimum':
      return { loc, msg: `Input should be greater than or equal to ${p.limit}`, type: 'greater_than_equal' };
    case 'maximum':
      return { loc, msg: `Input should be less than or equal to ${p.limit}`, type: 'less_than_equal' };
    case 'exclusiveMinimum':
      return { loc, msg: `Input should be greater than ${p.limit}`, type: 'greater_than' };
    case 'minProperties':
      return { loc, msg: `Input should have at least ${p.limit} field${p.limit === 1 ? '' : 's'}`, type: 'too_short' };
    case 'minItems':
      return { loc, msg: `List should have at least ${p.limit} items`, type: 'too_short' };
    case 'maxItems':
      return { loc, msg: `List should have at most ${p.limit} items`, type: 'too_long' };
    default:
      return { loc, msg: error.message ?? 'Invalid value', type: 'value_error' };
  }
}

/** One issue per culprit, in document order; union bookkeeping errors are dropped. */
export function validationIssues(
  errors: ErrorObject[] | null | undefined,
  root: 'body' | 'query' | 'path',
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const issue = issueOf(error, root);
    const key = JSON.stringify(issue.loc) + issue.type;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}
