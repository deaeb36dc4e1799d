import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';

const HealthResponse = Type.Object({
  message: Type.String({ description: '"ok" when every backend answers, else "degraded"' }),
  backends: Type.Record(Type.String(), Type.Object({ kind: Type.String(), ok: Type.Boolean() })),
}, { title: 'HealthResponse' });

export const healthRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get', path: '/api/health/', operationId: 'health', summary: 'Service health and whether each backend answers',
    tags: ['health'], auth: false,
    responses: { 200: { description: 'Every backend answers', schema: HealthResponse }, 503: { description: 'A backend does not answer', schema: HealthResponse } },
    async handler(ctx) {
      const results = await Promise.all(deps.healthChecks.map(async (h) => {
        const ok = await Promise.race([
          h.check().catch(() => false),
          new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref()),
        ]);
        return [h.name, { kind: h.kind, ok }] as const;
      }));
      const allOk = results.every(([, r]) => r.ok);
      ctx.status = allOk ? 200 : 503;
      ctx.body = { message: allOk ? 'ok' : 'degraded', backends: Object.fromEntries(results) };
    },
  }),
];
