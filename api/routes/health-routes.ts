import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { EVENT_LOOP_SAMPLE_MS, EVENT_LOOP_WINDOW_S, processEventLoopDelay } from '../event-loop-delay.ts';

const Milliseconds = (description: string) => Type.Number({ minimum: 0, description });

const HealthResponse = Type.Object(
  {
    message: Type.String({ description: '"ok" when every backend answers, else "degraded"' }),
    backends: Type.Record(Type.String(), Type.Object({ kind: Type.String(), ok: Type.Boolean() })),
    event_loop_delay_ms: Type.Object(
      {
        p50: Milliseconds('Median lateness of the event loop, ms'),
        p99: Milliseconds('99th percentile, ms: every request waited up to this long for the loop'),
        max: Milliseconds('Longest stall, ms'),
        window_s: Type.Integer({ minimum: 1, maximum: EVENT_LOOP_WINDOW_S, description: 'Seconds the figures cover' }),
      },
      {
        description:
          `How late this API process's event loop ran its callbacks over the last ${EVENT_LOOP_WINDOW_S} s ` +
          `(sampled every ${EVENT_LOOP_SAMPLE_MS} ms): a high p99 means something holds the loop and every request waits`,
      },
    ),
  },
  { title: 'HealthResponse' },
);

export const healthRoutes = (deps: ApiDependencies) => {
  const eventLoopDelay = processEventLoopDelay();
  return [
    defineRoute({
      method: 'get',
      path: '/api/health/',
      operationId: 'health',
      summary: 'Service health and whether each backend answers',
      tags: ['health'],
      auth: false,
      responses: {
        200: { description: 'Every backend answers', schema: HealthResponse },
        503: { description: 'A backend does not answer', schema: HealthResponse },
      },
      async handler(ctx) {
        const results = await Promise.all(
          deps.healthChecks.map(async (h) => {
            const ok = await Promise.race([
              h.check().catch(() => false),
              new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref()),
            ]);
            return [h.name, { kind: h.kind, ok }] as const;
          }),
        );
        const allOk = results.every(([, r]) => r.ok);
        ctx.status = allOk ? 200 : 503;
        ctx.body = {
          message: allOk ? 'ok' : 'degraded',
          backends: Object.fromEntries(results),
          event_loop_delay_ms: eventLoopDelay.snapshot(),
        };
      },
    }),
  ];
};
