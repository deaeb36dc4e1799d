// Validates path parameters, query and body of a route against its schemas. Path and query
// strings are coerced to the schema's types (as FastAPI does); bodies are taken as sent.
import type Koa from 'koa';
import type { TSchema } from '@sinclair/typebox';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../domain/shared/create-ajv.ts';
import { validationError, type ValidationIssue } from '../http-error.ts';
import { validationIssues } from '../validation-issues.ts';
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

export function validateRequest(route: RouteSpec): Koa.Middleware {
  const params = compile(coercing, route.params);
  const query = compile(coercing, route.query);
  const body = compile(strict, route.body);
  const queryKeys = new Set(Object.keys((route.query as { properties?: object } | undefined)?.properties ?? {}));
  return async (ctx, next) => {
    const issues: ValidationIssue[] = [];
    const input: Record<string, unknown> = { params: {}, query: {}, body: undefined };
    if (params) {
      const value = { ...ctx.params };
      if (!params(value)) issues.push(...validationIssues(params.errors, 'path'));
      input.params = value;
    }
    if (query) {
      // Unknown query parameters are ignored, as FastAPI does and as OGC clients expect.
      const value = Object.fromEntries(Object.entries(singleValued(ctx.query)).filter(([k]) => queryKeys.has(k)));
      if (!query(value)) issues.push(...validationIssues(query.errors, 'query'));
      input.query = value;
    }
    if (body) {
      const raw = (ctx.request as { body?: unknown }).body;
      const sent = ctx.request.length !== undefined && ctx.request.length > 0 || ctx.get('transfer-encoding') !== '';
      const value = sent ? raw : undefined;
      if (value === undefined) issues.push({ loc: ['body'], msg: 'Field required', type: 'missing' });
      else if (!ctx.is('application/json', 'application/*+json')) {
        issues.push({ loc: ['body'], msg: 'Body should be JSON sent with Content-Type: application/json', type: 'model_attributes_type' });
      }
      else if (!body(value)) issues.push(...validationIssues(body.errors, 'body'));
      input.body = value;
    }
    if (issues.length > 0) throw validationError(issues);
    ctx.state.input = input;
    await next();
  };
}
