// Validates path parameters, query and body of a route against its schemas. Path and query
// strings are coerced to the schema's types (as FastAPI does); bodies are taken as sent.
import type Koa from 'koa';
import type { TSchema } from '@sinclair/typebox';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../domain/shared/create-ajv.ts';
import { validationError, type ValidationIssue } from '../http-error.ts';
import { validationIssues } from '../validation-issues.ts';
import { unstorableTextIssues } from '../unstorable-text-issues.ts';
import { jsonDepthIssue } from '../json-depth.ts';
import type { RouteSpec } from '../route-spec.ts';

const coercing = createAjv({ coerceTypes: true, useDefaults: true, verbose: true });
const strict = createAjv({ useDefaults: true, verbose: true });

function compile(ajv: ReturnType<typeof createAjv>, schema: TSchema | undefined): ValidateFunction | null {
  return schema ? ajv.compile(schema) : null;
}

/** Query values as one string each (the last wins when a parameter repeats). */
function singleValued(query: Record<string, string | string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined) result[k] = Array.isArray(v) ? v[v.length - 1]! : v;
  return result;
}

/** Names of the integer properties of a path or query schema. */
function integerProperties(schema: TSchema | undefined): Set<string> {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  return new Set(
    Object.entries(properties)
      .filter(([, p]) => p.type === 'integer')
      .map(([name]) => name),
  );
}

/** Decimal integers only: ajv's coercion would take "1e20", "Infinity" or "0x10" as numbers. */
const DECIMAL_INTEGER = /^[+-]?\d{1,15}$/;

/**
 * Issues of path or query values before validation: text the database cannot store, and integer
 * parameters that are not written as decimal integers. The culprits are dropped from `values`, so
 * the schema check adds no second issue for them.
 */
function rawValueIssues(
  values: Record<string, string>,
  integers: Set<string>,
  root: 'path' | 'query',
): ValidationIssue[] {
  const issues = unstorableTextIssues(values, [root]);
  for (const [name, value] of Object.entries(values)) {
    if (integers.has(name) && !DECIMAL_INTEGER.test(value)) {
      issues.push({
        loc: [root, name],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        type: 'int_parsing',
      });
    }
  }
  for (const issue of issues) delete values[issue.loc[1] as string];
  return issues;
}

/** Whether the path parameters pass their schema (the full validation reports them otherwise). */
export function pathParamsAreValid(route: RouteSpec): (params: Record<string, string>) => boolean {
  const params = compile(coercing, route.params);
  return (values) => !params || (unstorableTextIssues(values, ['path']).length === 0 && params({ ...values }));
}

/**
 * Path parameters and query, checked before the body is read: a request they refuse (422) is
 * answered while its body may still be arriving (api/lingering-close.ts).
 */
export function validateParameters(route: RouteSpec): Koa.Middleware {
  const params = compile(coercing, route.params);
  const query = compile(coercing, route.query);
  const queryKeys = new Set(Object.keys((route.query as { properties?: object } | undefined)?.properties ?? {}));
  const pathIntegers = integerProperties(route.params);
  const queryIntegers = integerProperties(route.query);
  return async (ctx, next) => {
    const issues: ValidationIssue[] = [];
    const input: Record<string, unknown> = { params: {}, query: {}, body: undefined };
    if (params) {
      const value: Record<string, string> = { ...ctx.params };
      const raw = rawValueIssues(value, pathIntegers, 'path');
      issues.push(...raw);
      if (!params(value))
        issues.push(...validationIssues(params.errors, 'path').filter((i) => !raw.some((r) => r.loc[1] === i.loc[1])));
      input.params = value;
    }
    if (query) {
      // Unknown query parameters are ignored, as FastAPI does and as OGC clients expect.
      const value = Object.fromEntries(Object.entries(singleValued(ctx.query)).filter(([k]) => queryKeys.has(k)));
      const raw = rawValueIssues(value, queryIntegers, 'query');
      issues.push(...raw);
      if (!query(value))
        issues.push(...validationIssues(query.errors, 'query').filter((i) => !raw.some((r) => r.loc[1] === i.loc[1])));
      input.query = value;
    }
    if (issues.length > 0) throw validationError(issues);
    ctx.state.input = input;
    await next();
  };
}

/** The JSON body of a route with a body schema, after validateParameters and the body parser. */
export function validateBody(route: RouteSpec): Koa.Middleware {
  const body = compile(strict, route.body);
  return async (ctx, next) => {
    if (body) {
      const issues: ValidationIssue[] = [];
      const raw = (ctx.request as { body?: unknown }).body;
      const sent = (ctx.request.length !== undefined && ctx.request.length > 0) || ctx.get('transfer-encoding') !== '';
      const value = sent ? raw : undefined;
      if (value === undefined) issues.push({ loc: ['body'], msg: 'Field required', type: 'missing' });
      else if (!ctx.is('application/json', 'application/*+json')) {
        issues.push({
          loc: ['body'],
          msg: 'Body should be JSON sent with Content-Type: application/json',
          type: 'model_attributes_type',
        });
      } else {
        // Depth first (nothing may walk a body nested without bound), then unstorable text: the
        // schema check would report the same fields again.
        const tooDeep = jsonDepthIssue(value, ['body']);
        const unstorable = tooDeep ? [tooDeep] : unstorableTextIssues(value, ['body']);
        if (unstorable.length > 0) issues.push(...unstorable);
        else if (!body(value)) issues.push(...validationIssues(body.errors, 'body'));
      }
      if (issues.length > 0) throw validationError(issues);
      (ctx.state.input as Record<string, unknown>).body = value;
    }
    await next();
  };
}
