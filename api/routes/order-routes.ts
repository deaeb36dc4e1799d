// /api/operations/{id}/orders: the orders read from the operation's documents (read on upload, once
// the text is extracted), and a re-read on request. Reading is pure text parsing, so the re-read runs
// in the request (commands/order-commands.ts) rather than as a job.
import { Type } from '@sinclair/typebox';
import { addOrderFeaturesToMap, readDocumentOrders } from '../../commands/order-commands.ts';
import { OrderRecord } from '../../domain/orders/order-record.ts';
import { DateTime, Uuid } from '../../domain/shared/schema-types.ts';
import { listOperationOrders, operationDocumentsWithText } from '../../projections/queries/document-queries.ts';
import { listMapsOfOperation } from '../../projections/queries/map-queries.ts';
import { accessibleMap, accessibleOperation } from '../access.ts';
import { validationError } from '../http-error.ts';
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

const OrderMapLayer = Type.Object(
  {
    document_id: Uuid,
    map_id: Uuid,
    layer_id: Type.Union([Uuid, Type.Null()], { description: 'null: no feature of the order has a position' }),
    feature_count: Type.Integer({ minimum: 0 }),
    added: Type.Boolean({ description: 'False: nothing to add, or the map already holds these features' }),
  },
  { title: 'OrderMapLayer' },
);

const ReadOperationOrdersResponse = Type.Object(
  {
    items: Type.Array(DocumentOrders, { description: "The operation's documents, newest first" }),
    map_layers: Type.Array(OrderMapLayer, {
      description: 'With map_features=true: per order with positioned features, the map layer holding them',
    }),
  },
  { title: 'ReadOperationOrdersResponse' },
);

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

async function operationOrders(deps: ApiDependencies, operationId: string) {
  const rows = await listOperationOrders(deps.readModels, operationId);
  return {
    items: rows.map((row) => ({ ...row, read_at: iso(row.read_at), orders: row.orders as OrderRecord[] | null })),
  };
}

/** The map an order's features go on: the one named (of this operation), else the operation's first. */
async function mapToDrawOn(
  deps: ApiDependencies,
  operationId: string,
  mapId: string | undefined,
  principal: Parameters<typeof accessibleMap>[2],
): Promise<string> {
  if (mapId !== undefined) {
    const map = await accessibleMap(deps.readModels, mapId, principal);
    if (map.operation_id !== operationId) {
      throw validationError([
        { loc: ['query', 'map_id'], msg: 'The map belongs to another operation', type: 'value_error', input: mapId },
      ]);
    }
    return map.map_id;
  }
  const [first] = await listMapsOfOperation(deps.readModels, operationId);
  if (!first) {
    throw validationError([
      {
        loc: ['query', 'map_features'],
        msg: "The operation has no map to draw the orders' features on: create one (POST /api/maps/) or read without map_features",
        type: 'value_error',
        input: true,
      },
    ]);
  }
  return first.map_id;
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
      "which decides the unit's tasks) and records what changed; answers as GET .../orders. With map_features=true " +
      "(the user's consent) the orders' positioned control measures become an annotation layer of a map of the " +
      'operation (map_id, else its first map; none: 422), one per order, unless the map holds the same already.',
    tags: ['orders'],
    auth: true,
    params: Type.Object({ operation_id: Uuid }),
    query: Type.Object({
      map_features: Type.Boolean({
        default: false,
        description:
          "The user's consent to draw the orders' control measures that have positions (objectives, phase lines, " +
          'boundaries, ...) on a map of the operation: one annotation layer per order, features named as in the order',
      }),
      // With map_features: the map to draw on (default: the operation's first).
      map_id: Type.Optional(Uuid),
    }),
    responses: {
      200: { description: "The operation's orders, read again", schema: ReadOperationOrdersResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, query, principal }) {
      await accessibleOperation(deps.readModels, params.operation_id, principal);
      const mapId = query.map_features ? await mapToDrawOn(deps, params.operation_id, query.map_id, principal) : null;
      const command = commandContextOf(ctx);
      let position: number | null = null;
      const after = (at: number | null) => {
        if (at !== null) position = Math.max(position ?? 0, at);
      };
      for (const document of await operationDocumentsWithText(deps.readModels, params.operation_id)) {
        after((await readDocumentOrders(deps.store, deps.documents.storage, command, document)).position);
      }
      await awaitReadModels(deps, position);
      const orders = await operationOrders(deps, params.operation_id);
      const layers = [];
      for (const item of mapId ? orders.items : []) {
        for (const record of item.orders ?? []) {
          const outcome = await addOrderFeaturesToMap(deps.store, command, mapId!, item, record);
          after(outcome.position);
          if (outcome.feature_count > 0) layers.push(outcome);
        }
      }
      await awaitReadModels(deps, position);
      ctx.body = {
        ...orders,
        map_layers: layers.map(({ position: _p, ...layer }) => layer),
      };
    },
  }),
];
