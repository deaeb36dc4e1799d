// The orders read from a document, given/when/then: recorded for the live upload whose text is
// extracted, once per change; nothing for a pending, failed, deleted or replaced upload. The
// document's own state ignores the orders on its stream.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { specFor } from '../../support/given-when-then.ts';
import { documentOrdersDecider, type DocumentOrdersEvent } from '../../../domain/orders/document-orders-decider.ts';
import { documentDecider } from '../../../domain/document/document-decider.ts';
import { fold } from '../../../domain/shared/decider.ts';
import { readOrder } from '../../../domain/orders/read-order.ts';

const spec = specFor(documentOrdersDecider);
const DOC = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const OP = '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const ACCOUNT = '7d1f2e3c-4b5a-4968-8776-655443322110';
const UPLOAD = '11111111-1111-4111-8111-111111111111';
const NEXT_UPLOAD = '22222222-2222-4222-8222-222222222222';
const by = { account_id: ACCOUNT, api_key_id: null, at: '2026-11-23T08:00:00.000Z' };
const uploaded = (upload_id = UPLOAD): DocumentOrdersEvent => ({
  type: 'DocumentUploaded',
  data: {
    document_id: DOC,
    operation_id: OP,
    account_id: ACCOUNT,
    upload_id,
    storage_key: `documents/${upload_id}`,
    file_name: 'opord.txt',
    media_type: 'text/plain',
    declared_media_type: null,
    size: 1,
    sha256: 'a'.repeat(64),
    description: null,
    classification: null,
    by,
  },
});
const extracted = (upload_id = UPLOAD): DocumentOrdersEvent => ({
  type: 'DocumentTextExtracted',
  data: {
    document_id: DOC,
    operation_id: OP,
    upload_id,
    text_key: `documents/${upload_id}.txt`,
    page_count: null,
    characters: 80,
    truncated: false,
  },
});
const failed: DocumentOrdersEvent = {
  type: 'DocumentTextExtractionFailed',
  data: { document_id: DOC, operation_id: OP, upload_id: UPLOAD, code: 'X', message: 'x' },
};
const deleted: DocumentOrdersEvent = {
  type: 'DocumentDeleted',
  data: { document_id: DOC, operation_id: OP, upload_id: UPLOAD, by },
};

const record = readOrder({
  document: {
    document_id: DOC,
    pages: [
      {
        page: 1,
        text: '2. MISSION. TF 1-66 AR attacks NLT 270500Z NOV 26 to seize OBJ STEEL in order to secure the crossings.',
      },
    ],
  },
  unit: { name: 'TF 1-66 AR', designations: [] },
  reference_date: by.at,
});
/** Every key in a value, for JSON.stringify's replacer (so only the order of keys changes). */
function allKeys(value: unknown, keys = new Set<string>()): string[] {
  if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      allKeys(v, keys);
    }
  return [...keys];
}
const read = (orders = [record], upload_id = UPLOAD) => ({
  type: 'RecordOrdersRead' as const,
  document_id: DOC,
  upload_id,
  record_version: 1,
  orders,
});
const ordersRead = (orders = [record], upload_id = UPLOAD): DocumentOrdersEvent => ({
  type: 'OrdersRead',
  data: { operation_id: OP, document_id: DOC, upload_id, record_version: 1, orders },
});

test('the orders of the live upload whose text is extracted are recorded; the same orders again record nothing', () => {
  assert.ok(record.recognised_as_order);
  spec([uploaded(), extracted()]).when(read()).then([ordersRead()]);
  spec([uploaded(), extracted()])
    .when(read([]))
    .then([ordersRead([])]);
  spec([uploaded(), extracted(), ordersRead()]).when(read()).then([]);
  // As read back from a store that reorders keys (jsonb): still the same orders.
  const reordered = JSON.parse(JSON.stringify(record, Object.keys(record).reverse().concat(allKeys(record))));
  assert.is.not(JSON.stringify(reordered), JSON.stringify(record));
  spec([uploaded(), extracted(), ordersRead([reordered])])
    .when(read())
    .then([]);
  spec([uploaded(), extracted(), ordersRead([])])
    .when(read())
    .then([ordersRead()]);
  spec([uploaded(), extracted(), ordersRead()])
    .when({ ...read(), record_version: 2 })
    .then([
      {
        type: 'OrdersRead',
        data: { operation_id: OP, document_id: DOC, upload_id: UPLOAD, record_version: 2, orders: [record] },
      },
    ]);
});

test('nothing is recorded for text not extracted, a failed extraction, a deleted document or an older upload', () => {
  spec([]).when(read()).then([]);
  spec([uploaded()]).when(read()).then([]);
  spec([uploaded(), failed]).when(read()).then([]);
  spec([uploaded(), extracted(), deleted]).when(read()).then([]);
  spec([uploaded(), extracted(), deleted, uploaded(NEXT_UPLOAD)])
    .when(read())
    .then([]);
  // A new upload starts without orders; its own extracted text is read.
  spec([uploaded(), extracted(), ordersRead(), deleted, uploaded(NEXT_UPLOAD), extracted(NEXT_UPLOAD)])
    .when(read([record], NEXT_UPLOAD))
    .then([ordersRead([record], NEXT_UPLOAD)]);
});

test('the folded state holds the orders of the current upload; the document itself is unchanged by them', () => {
  const state = fold(documentOrdersDecider, [uploaded(), extracted(), ordersRead()]);
  assert.equal(state.status === 'active' && [state.orders?.length, state.record_version, state.text_status], [
    1,
    1,
    'extracted',
  ]);
  const replaced = fold(documentOrdersDecider, [uploaded(), extracted(), ordersRead(), deleted, uploaded(NEXT_UPLOAD)]);
  assert.equal(replaced.status === 'active' && [replaced.upload_id, replaced.orders], [NEXT_UPLOAD, null]);
  const events = [uploaded(), extracted(), ordersRead()];
  assert.equal(fold(documentDecider, events), fold(documentDecider, events.slice(0, 2)));
});

test.run();
