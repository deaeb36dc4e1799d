// The OpenAPI 3.1 document, generated from the same route declarations and schemas that the
// router validates with, so the document cannot drift from the behaviour.
import type { TSchema } from '@sinclair/typebox';
import type { RouteSpec } from '../route-spec.ts';

/** TypeBox schemas are JSON Schema; JSON round-trip drops its symbol-keyed bookkeeping. */
const plain = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema));

function parameters(schema: TSchema | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const s = plain(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required ?? []).includes(name) && property.default === undefined,
    description: property.description as string | undefined,
    schema: property,
  }));
}

export function buildOpenApi(routes: RouteSpec[], info: { title: string; version: string; description?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: route.tags,
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      responses: Object.fromEntries(Object.entries(route.responses).map(([status, response]) => [status, {
        description: response.description,
        headers: response.headers
          ? Object.fromEntries(Object.entries(response.headers).map(([h, v]) => [h, { description: v.description, schema: plain(v.schema) }]))
          : undefined,
        content: response.schema || response.contentType
          ? { [response.contentType ?? 'application/json']: response.schema ? { schema: plain(response.schema) } : {} }
          : undefined,
      }])),
    };
    if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: plain(route.body) } } };
    if (route.auth) operation.security = [{ bearerAuth: [] }];
    (paths[route.path] ??= {})[route.method] = operation;
  }
  return JSON.parse(JSON.stringify({
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key: Authorization: Bearer opk_…' } },
    },
  }));
}
