// Reading orders from documents: the order reader (domain/orders/read-order.ts) over one upload's
// extracted text, its result recorded as OrdersRead on the document's stream. Reading is pure text
// parsing (milliseconds for an order's few pages, the text capped by the extraction limits), so it runs
// in the caller: the text worker right after recording the text, and the re-read request directly,
// without a job of its own.
import { documentStream } from '../domain/document/document-events.ts';
import { documentDecider } from '../domain/document/document-decider.ts';
import { documentOrdersDecider } from '../domain/orders/document-orders-decider.ts';
import { ORDER_RECORD_VERSION } from '../domain/orders/order-record.ts';
import { readOrder } from '../domain/orders/read-order.ts';
import { orderMapFeatures, type OrderMapFeature } from '../domain/orders/order-map-features.ts';
import type { OrderRecord } from '../domain/orders/order-record.ts';
import { mapDecider } from '../domain/map/map-decider.ts';
import { mapStream, type MapLayerAdded } from '../domain/map/map-events.ts';
import { MAX_LAYER_TITLE_LENGTH } from '../domain/map/map-layer-vocabulary.ts';
import { addMapLayer } from './map-commands.ts';
import { operationDecider } from '../domain/operation/operation-decider.ts';
import { operationStream } from '../domain/operation/operation-events.ts';
import type { DocumentStorage } from '../infra/document-storage/document-storage.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';

export interface OrdersReadOutcome {
  document_id: string;
  /** False: nothing to read (deleted, re-uploaded, text not extracted) or the same orders as recorded. */
  recorded: boolean;
  orders: number;
  /** Global position of the OrdersRead recorded, or null. */
  position: number | null;
}

async function textOf(storage: DocumentStorage, key: string): Promise<string | null> {
  const body = await storage.get(key);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads the orders in one upload's text (given, or read from storage) and records them. The text's
 * pages are the stretches between form feeds (the text job puts one between a PDF's pages; a text
 * file may hold them too), so every element gives its page and its offsets in that page's text.
 */
export async function readDocumentOrders(
  store: EventStore,
  storage: DocumentStorage,
  ctx: CommandContext,
  document: { document_id: string; upload_id: string },
  text?: string,
): Promise<OrdersReadOutcome> {
  const skipped = { document_id: document.document_id, recorded: false, orders: 0, position: null };
  const { state } = await loadState(store, documentStream(document.document_id), documentDecider);
  if (
    state.status !== 'active' ||
    state.upload_id !== document.upload_id ||
    state.text_status !== 'extracted' ||
    !state.text_key
  )
    return skipped;
  const operation = (await loadState(store, operationStream(state.operation_id), operationDecider)).state;
  if (operation.status !== 'active') return skipped;
  const content = text ?? (await textOf(storage, state.text_key));
  if (content === null) return skipped;
  const record = readOrder({
    document: { document_id: state.document_id, pages: content.split('\f').map((text, i) => ({ page: i + 1, text })) },
    unit: { name: operation.fields.unit, designations: [] },
    reference_date: state.uploaded_by.at,
  });
  const orders = record.recognised_as_order ? [record] : [];
  const result = await handleCommand({
    store,
    ctx,
    stream: documentStream(state.document_id),
    decider: documentOrdersDecider,
    operationId: state.operation_id,
    retryOnConflict: true,
    command: {
      type: 'RecordOrdersRead',
      document_id: state.document_id,
      upload_id: state.upload_id,
      record_version: ORDER_RECORD_VERSION,
      orders,
    },
  });
  return {
    document_id: state.document_id,
    recorded: result.events.length > 0,
    orders: orders.length,
    position: result.position,
  };
}

export interface OrderFeaturesOutcome {
  document_id: string;
  map_id: string;
  /** The layer made, or the one already holding the same features; null: no feature has a position. */
  layer_id: string | null;
  feature_count: number;
  /** False when nothing was added (no positioned feature, or the map already has these features). */
  added: boolean;
  position: number | null;
}

/** The layer's title: the order as named in it, and its file. */
export function orderLayerTitle(record: OrderRecord, fileName: string): string {
  const heading = record.heading;
  const order = [heading.order_type ?? 'Order', heading.number?.text].filter(Boolean).join(' ');
  return `Control measures of ${order} (${fileName})`.slice(0, MAX_LAYER_TITLE_LENGTH);
}

/** JSON with object keys sorted (a JSONB store gives them back in its own order). */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(value);

const sameFeatures = (a: readonly { properties: unknown }[], b: readonly OrderMapFeature[]) =>
  canonical(a.map((f) => f.properties)) === canonical(b.map((f) => f.properties));

/**
 * With the user's consent (the read request's flag): the order's positioned features (objectives, phase
 * lines, boundaries, ...) as an annotation layer of one of the operation's maps (MapLayerAdded on the
 * map's stream), named as in the order. A map whose newest layer of that title already holds the same
 * features gets nothing new, so reading again adds no copies.
 */
export async function addOrderFeaturesToMap(
  store: EventStore,
  ctx: CommandContext,
  mapId: string,
  document: { document_id: string; file_name: string },
  record: OrderRecord,
): Promise<OrderFeaturesOutcome> {
  const features = orderMapFeatures(record);
  const outcome = { document_id: document.document_id, map_id: mapId, feature_count: features.length };
  if (features.length === 0) return { ...outcome, layer_id: null, added: false, position: null };
  const title = orderLayerTitle(record, document.file_name);
  const { events } = await loadState(store, mapStream(mapId), mapDecider);
  const previous = events
    .filter((e): e is MapLayerAdded => e.type === 'MapLayerAdded' && e.data.title === title)
    .at(-1);
  if (previous && sameFeatures(previous.data.feature_collection.features, features)) {
    return { ...outcome, layer_id: previous.data.layer_id, added: false, position: null };
  }
  const added = await addMapLayer(store, ctx, mapId, {
    type: 'annotation',
    title,
    feature_collection: { type: 'FeatureCollection', features },
  });
  return { ...outcome, layer_id: added.layer_id, added: true, position: added.position };
}
