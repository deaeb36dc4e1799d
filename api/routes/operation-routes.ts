// /api/operations/: the five endpoints of the interface, plus the audit history.
import { Type, type Static } from '@sinclair/typebox';
import { createOperation, deleteOperation, updateOperation } from '../../commands/operation-commands.ts';
import type { OperationChanges, OperationFields } from '../../domain/operation/operation-decider.ts';
import { OperationFieldSchemas } from '../../domain/operation/operation-events.ts';
import { DateTime, Uuid } from '../../domain/shared/schema-types.ts';
import { findOperationRow, listOperations, toOperationView } from '../../projections/queries/operation-queries.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { writeOnce } from '../idempotent-write.ts';
import { ifMatchRevision } from '../if-match.ts';
import { accessibleOperation } from '../access.ts';
import { ListEnvelope, MessageResponse, ownedResourceErrors, authErrors, PageQuery } from '../common-schemas.ts';

export const OperationResponse = Type.Object(
  {
    id: Uuid,
    account_id: Uuid,
    name: Type.String(),
    unit: Type.String(),
    branch: Type.String(),
    echelon: Type.String(),
    unit_id: Type.Union([Uuid, Type.Null()]),
    parent_id: Type.Union([Uuid, Type.Null()]),
    description: Type.Union([Type.String(), Type.Null()]),
    version: Type.Integer({
      description: 'Revision of the operation; send it back in If-Match to update only that revision',
    }),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: 'OperationResponse' },
);

const OperationRequest = Type.Object(
  {
    name: OperationFieldSchemas.name,
    unit: OperationFieldSchemas.unit,
    branch: OperationFieldSchemas.branch,
    echelon: OperationFieldSchemas.echelon,
    unit_id: Type.Optional(OperationFieldSchemas.unit_id),
    parent_id: Type.Optional(OperationFieldSchemas.parent_id),
    description: Type.Optional(OperationFieldSchemas.description),
  },
  { additionalProperties: false, title: 'OperationRequest' },
);

const OperationUpdateRequest = Type.Partial(OperationRequest, {
  additionalProperties: false,
  minProperties: 1,
  title: 'OperationUpdateRequest',
});

const OperationIdParams = Type.Object({ operation_id: Uuid });

const ListOperationQuery = Type.Object({
  unit_id: Type.Optional(Uuid),
  parent_id: Type.Optional(Uuid),
  force_all: Type.Boolean({
    default: false,
    description:
      'true: every operation of the account, nested ones included; false: top-level operations only (unless parent_id ' +
      'is given)',
  }),
  query: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive text search in name and unit' })),
  ...PageQuery,
});

export const operationRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'post',
    path: '/api/operations/',
    operationId: 'create_operation',
    summary: 'Create an operation',
    tags: ['operations'],
    auth: true,
    body: OperationRequest,
    idempotent: true,
    responses: { 200: { description: 'The new operation', schema: OperationResponse }, ...authErrors },
    async handler(ctx, { body }) {
      const fields: OperationFields = {
        name: body.name,
        unit: body.unit,
        branch: body.branch,
        echelon: body.echelon,
        unit_id: body.unit_id ?? null,
        parent_id: body.parent_id ?? null,
        description: body.description ?? null,
      };
      const created = await writeOnce(ctx, deps, async () => {
        const { operation_id, position, revision } = await createOperation(deps.store, commandContextOf(ctx), fields);
        return { operation_id, position, revision };
      });
      const location = `/api/operations/${created.operation_id}`;
      await awaitReadModels(deps, created.position, { id: created.operation_id, location });
      const row = await findOperationRow(deps.readModels, created.operation_id);
      ctx.set('Location', location);
      ctx.set('ETag', `"${created.revision}"`);
      ctx.body = toOperationView(row!);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/operations/',
    operationId: 'list_operations',
    summary: "List the account's operations",
    tags: ['operations'],
    auth: true,
    query: ListOperationQuery,
    responses: {
      200: { description: 'A page of operations', schema: ListEnvelope(OperationResponse, 'ListOperationResponse') },
      ...authErrors,
    },
    async handler(ctx, { query, principal }) {
      ctx.body = await listOperations(
        deps.readModels,
        {
          account_id: principal.account_id,
          unit_id: query.unit_id,
          parent_id: query.parent_id,
          force_all: query.force_all,
          query: query.query,
        },
        { page: query.page, size: query.size },
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/operations/{operation_id}',
    operationId: 'get_operation',
    summary: 'Read an operation',
    tags: ['operations'],
    auth: true,
    params: OperationIdParams,
    responses: { 200: { description: 'The operation', schema: OperationResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const row = await accessibleOperation(deps.readModels, params.operation_id, principal);
      ctx.set('ETag', `"${row.revision}"`);
      ctx.body = toOperationView(row);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/operations/{operation_id}',
    operationId: 'update_operation',
    summary: 'Update an operation (partial: fields left out keep their value)',
    description: 'Optional If-Match: "<version>" makes the update conditional (409 when the operation has moved on).',
    tags: ['operations'],
    auth: true,
    params: OperationIdParams,
    body: OperationUpdateRequest,
    authorize: async ({ params, principal }) => {
      await accessibleOperation(deps.readModels, params.operation_id, principal);
    },
    responses: {
      200: { description: 'Updated', schema: MessageResponse },
      409: { description: 'If-Match did not match' },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, body }) {
      const expected = ifMatchRevision(ctx.get('if-match'));
      const result = await updateOperation(
        deps.store,
        commandContextOf(ctx),
        params.operation_id,
        body as OperationChanges,
        expected,
      );
      await awaitReadModels(deps, result.position);
      ctx.set('ETag', `"${result.revision}"`);
      ctx.body = { message: result.position === null ? 'Operation unchanged' : 'Operation updated' };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/operations/{operation_id}',
    operationId: 'delete_operation',
    summary: 'Delete an operation; answers the deleted operation (its history stays readable)',
    tags: ['operations'],
    auth: true,
    params: OperationIdParams,
    responses: { 200: { description: 'The deleted operation', schema: OperationResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const row = await accessibleOperation(deps.readModels, params.operation_id, principal);
      const result = await deleteOperation(deps.store, commandContextOf(ctx), params.operation_id);
      await awaitReadModels(deps, result.position);
      ctx.body = { ...toOperationView(row), version: result.revision };
    },
  }),
];

export type OperationResponseBody = Static<typeof OperationResponse>;
