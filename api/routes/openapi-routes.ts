import { Type } from '@sinclair/typebox';
import { defineRoute, type RouteSpec } from '../route-spec.ts';
import { buildOpenApi } from '../openapi/build-openapi.ts';

export const SERVICE_VERSION = '0.1.0';

export const openApiRoutes = (allRoutes: () => RouteSpec[]) => {
  let document: unknown = null;
  return [
    defineRoute({
      method: 'get',
      path: '/api/openapi.json',
      operationId: 'openapi',
      summary: 'This OpenAPI 3.1 document',
      tags: ['meta'],
      auth: false,
      responses: { 200: { description: 'OpenAPI 3.1', schema: Type.Object({}, { additionalProperties: true }) } },
      async handler(ctx) {
        document ??= buildOpenApi(allRoutes(), {
          title: 'Operations planning and terrain analysis service',
          version: SERVICE_VERSION,
          description:
            'Event-sourced REST API: operations, maps, terrain preparation and analysis, OGC API Features and Tiles.',
        });
        ctx.body = document;
      },
    }),
  ];
};
