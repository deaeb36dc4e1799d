// The OpenAPI 3.1 document, generated from the same route declarations and schemas that the
// router validates with, so the document cannot drift from the behaviour.
import type { TSchema } from '@sinclair/typebox';
import type { RouteSpec, ResponseSpec } from '../route-spec.ts';
import { HTTPError, RecordedNotYetReadable } from '../common-schemas.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../idempotent-write.ts';

/** TypeBox schemas are JSON Schema; JSON round-trip drops its symbol-keyed bookkeeping. */
const plain = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema));

function parameters(schema: TSchema | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const s = plain(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || ((s.required ?? []).includes(name) && property.default === undefined),
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

const idempotencyKeyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes the request safe to retry: a retry with the same key (same account) within 24 hours answers ' +
    'what the first request created, never a second record (header Idempotent-Replayed: true); the same key with ' +
    'another method, path, query or body answers 422; a retry while the first is still writing waits for it, or ' +
    'answers 409 after 10 s. Use a fresh random key (a UUID) for each new request.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN },
};

/** The answers an idempotent creating POST adds to its own (domain/idempotency-key). */
function idempotentResponses(responses: Record<number, ResponseSpec>): Record<number, ResponseSpec> {
  const inProgress = 'A request with the same Idempotency-Key is still being processed (Retry-After)';
  return {
    ...responses,
    409: responses[409]
      ? { ...responses[409], description: `${responses[409].description}; or: ${inProgress}` }
      : { description: inProgress, schema: HTTPError },
    503: {
      description:
        `${responses[503] ? `${responses[503].description}; or: ` : ''}The write was recorded but the read ` +
        'models have not caught up: the body names what was created (id, location; Location header). GET it shortly, ' +
        'or retry with the same Idempotency-Key.',
      schema: RecordedNotYetReadable,
    },
  };
}

const responsesOf = (route: RouteSpec) => (route.idempotent ? idempotentResponses(route.responses) : route.responses);

export function buildOpenApi(routes: RouteSpec[], info: { title: string; version: string; description?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const named = namedSchemas();
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: route.tags,
      parameters: [
        ...parameters(route.params, 'path'),
        ...parameters(route.query, 'query'),
        ...(route.idempotent ? [idempotencyKeyParameter] : []),
      ],
      responses: Object.fromEntries(
        Object.entries(responsesOf(route)).map(([status, response]) => [
          status,
          {
            description: response.description,
            headers: response.headers
              ? Object.fromEntries(
                  Object.entries(response.headers).map(([h, v]) => [
                    h,
                    { description: v.description, schema: plain(v.schema) },
                  ]),
                )
              : undefined,
            content:
              response.schema || response.contentType
                ? {
                    [response.contentType ?? 'application/json']: response.schema
                      ? { schema: named.ref(response.schema) }
                      : {},
                  }
                : undefined,
          },
        ]),
      ),
    };
    if (route.body)
      operation.requestBody = { required: true, content: { 'application/json': { schema: named.ref(route.body) } } };
    if (route.multipartBody) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: named.ref(route.multipartBody),
            encoding: { files: { contentType: 'application/octet-stream' } },
          },
        },
      };
    }
    if (route.auth) operation.security = [{ bearerAuth: [] }];
    (paths[route.path] ??= {})[route.method] = operation;
  }
  return JSON.parse(
    JSON.stringify({
      openapi: '3.1.0',
      info,
      servers: [{ url: '/' }],
      paths,
      components: {
        schemas: named.components,
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key: Authorization: Bearer opk_…' },
        },
      },
    }),
  );
}
