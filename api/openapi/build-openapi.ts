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

/**
 * A request or response schema with a title (OperationResponse, MissionAnalysisUpdateRequest, ...)
 * becomes a named component and a $ref, so client generators name the types as the interface does.
 * A title given to a second, different schema leaves that one inline (with its title) rather than
 * naming the wrong type; the OpenAPI test finds such clashes.
 */
function namedSchemas() {
  const components: Record<string, Record<string, unknown>> = {};
  const ref = (schema: TSchema) => {
    const body = plain(schema);
    const title = body.title;
    if (typeof title !== 'string') return body;
    const known = components[title];
    if (known && JSON.stringify(known) !== JSON.stringify(body)) return body;
    components[title] = body;
    return { $ref: `#/components/schemas/${title}` };
  };
  return { ref, components };
}

export function buildOpenApi(routes: RouteSpec[], info: { title: string; version: string; description?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const named = namedSchemas();
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
          ? { [response.contentType ?? 'application/json']: response.schema ? { schema: named.ref(response.schema) } : {} }
          : undefined,
      }])),
    };
    if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: named.ref(route.body) } } };
    if (route.multipartBody) {
      operation.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: named.ref(route.multipartBody), encoding: { files: { contentType: 'application/octet-stream' } } } },
      };
    }
    if (route.auth) operation.security = [{ bearerAuth: [] }];
    (paths[route.path] ??= {})[route.method] = operation;
  }
  return JSON.parse(JSON.stringify({
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: named.components,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key: Authorization: Bearer opk_…' } },
    },
  }));
}
