// GET /api/operations/{id}/history: the audit trail, and the operation as it was (?as_of=).
import { Type } from '@sinclair/typebox';
import { DateTime, Uuid } from '../../domain/shared/schema-types.ts';
import { operationHistoryUpTo, pageOperationHistory } from '../../projections/queries/operation-history-queries.ts';
import { operationAsOf } from '../../projections/queries/operation-as-of.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { parseAsOf } from '../as-of-parameter.ts';
import { auditableOperation } from '../access.ts';
import { ownedResourceErrors, PageQuery } from '../common-schemas.ts';

const HistoryEntry = Type.Object(
  {
    position: Type.Integer({ description: 'Global position in the event log' }),
    stream_id: Type.String(),
    revision: Type.Integer({ description: 'Revision within its stream' }),
    type: Type.String(),
    version: Type.Integer({ description: 'Schema version of data' }),
    occurred_at: DateTime,
    actor: Type.Object({ account_id: Type.Union([Uuid, Type.Null()]), api_key_id: Type.Union([Uuid, Type.Null()]) }),
    correlation_id: Type.Union([Uuid, Type.Null()]),
    causation_id: Type.Union([Uuid, Type.Null()]),
    data: Type.Unknown(),
  },
  { title: 'HistoryEntry' },
);

const OperationHistoryResponse = Type.Object(
  {
    items: Type.Array(HistoryEntry),
    total: Type.Integer(),
    page: Type.Integer(),
    size: Type.Integer(),
    pages: Type.Integer(),
    as_of: Type.Optional(Type.String({ description: 'The as_of the client sent' })),
    operation: Type.Optional(
      Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], {
        description: 'With as_of: the operation as it was then (null before it existed; deleted: true after deletion)',
      }),
    ),
  },
  { title: 'OperationHistoryResponse' },
);

export const operationHistoryRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: '/api/operations/{operation_id}/history',
    operationId: 'operation_history',
    summary: "The operation's events in order (audit), or with as_of its state at that time or position",
    description:
      'Readable after the operation is deleted. Lists every event recorded for the operation: its own and those of ' +
      'its maps, layers and jobs.',
    tags: ['operations', 'audit'],
    auth: true,
    params: Type.Object({ operation_id: Uuid }),
    query: Type.Object({
      as_of: Type.Optional(Type.String({ description: 'RFC 3339 date-time or global position' })),
      ...PageQuery,
    }),
    responses: { 200: { description: 'History page', schema: OperationHistoryResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, query, principal }) {
      const asOf = query.as_of === undefined ? undefined : parseAsOf(query.as_of);
      await auditableOperation(deps.readModels, params.operation_id, principal);
      const page = await pageOperationHistory(
        deps.readModels,
        params.operation_id,
        { page: query.page, size: query.size },
        asOf,
      );
      if (!asOf) {
        ctx.body = page;
        return;
      }
      const entries = await operationHistoryUpTo(deps.readModels, params.operation_id, asOf);
      ctx.body = { ...page, as_of: query.as_of, operation: operationAsOf(params.operation_id, entries) };
    },
  }),
];
