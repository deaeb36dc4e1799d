// /api/operations/{id}/orders: the orders read from the operation's documents (read on upload, once
// the text is extracted), and a re-read on request. Reading is pure text parsing, so the re-read runs
// in the request (commands/order-commands.ts) rather than as a job.
import { Type } from '@sinclair/typebox';
import { readDocumentOrders } from '../../commands/order-commands.ts';
import { OrderRecord } from '../../domain/orders/order-record.ts';
import { DateTime, Uuid } from '../../domain/shared/schema-types.ts';
import { listOperationOrders, operationDocumentsWithText } from '../../projections/queries/document-queries.ts';
import { accessibleOperation } from '../access.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { ownedResourceErrors } from '../common-schemas.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { defineRoute } from '../route-spec.ts';

const DocumentOrders = Type.Object(
  {
    document_id: Uuid,
    upload_id: Uuid,
    file_name: Type.String(),
    text_status: Type.String({
      description: 'pending, extracted or failed: orders are read once the text is extracted',
    }),
    read_at: Type.Union([DateTime, Type.Null()], {
      description: 'When its orders were last recorded; null: not read yet',
    }),
    orders: Type.Union([Type.Array(OrderRecord), Type.Null()], {
      description: 'The orders recognised in the text (empty: read, no order); null: not read yet',
    }),
  },
  { title: 'DocumentOrders' },
);

const OperationOrdersResponse = Type.Object(
  {
    items: Type.Array(DocumentOrders, { description: "The operation's documents, newest first" }),
  },
  { title: 'OperationOrdersResponse' },
);

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

async function operationOrders(deps: ApiDependencies, operationId: string) {
  const rows = await listOperationOrders(deps.readModels, operationId);
  return {
    items: rows.map((row) => ({ ...row, read_at: iso(row.read_at), orders: row.orders as OrderRecord[] | null })),
  };
}

export const orderRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: '/api/operations/{operation_id}/orders',
    operationId: 'list_operation_orders',
    summary: "The orders (OPORD, WARNO, FRAGORD) read from the operation's documents",
    description:
      'One item per live document: the records the order reader made of its text (domain/orders/order-record.ts), ' +
      'every element with its source (document id, page, character span in the extracted text). A document is read ' +
      'when its text is extracted; POST .../orders/read reads them again.',
    tags: ['orders'],
    auth: true,
    params: Type.Object({ operation_id: Uuid }),
    responses: {
      200: { description: "The operation's orders", schema: OperationOrdersResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, principal }) {
      await accessibleOperation(deps.readModels, params.operation_id, principal);
      ctx.body = await operationOrders(deps, params.operation_id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/operations/{operation_id}/orders/read',
    operationId: 'read_operation_orders',
    summary: "Read the orders in the operation's documents again",
    description:
      "Runs the order reader over every document whose text is extracted (e.g. after the operation's unit changed, " +
      "which decides the unit's tasks) and records what changed; answers as GET .../orders.",
    tags: ['orders'],
    auth: true,
    params: Type.Object({ operation_id: Uuid }),
    responses: {
      200: { description: "The operation's orders, read again", schema: OperationOrdersResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, principal }) {
      await accessibleOperation(deps.readModels, params.operation_id, principal);
      const command = commandContextOf(ctx);
      let position: number | null = null;
      for (const document of await operationDocumentsWithText(deps.readModels, params.operation_id)) {
        const outcome = await readDocumentOrders(deps.store, deps.documents.storage, command, document);
        if (outcome.position !== null) position = Math.max(position ?? 0, outcome.position);
      }
      await awaitReadModels(deps, position);
      ctx.body = await operationOrders(deps, params.operation_id);
    },
  }),
];
