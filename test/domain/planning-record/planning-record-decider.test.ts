// The planning-record decider, given/when/then: only changes become events, unchanged items keep
// their provenance, list rules are enforced, another account is refused.
import { test } from 'uvu';
import { specFor } from '../../support/given-when-then.ts';
import {
  planningRecordDecider,
  type UpdatePlanningRecord,
} from '../../../domain/planning-record/planning-record-decider.ts';
import type { PlanningRecordEvent } from '../../../domain/planning-record/planning-record-events.ts';
import { MISSION_ANALYSIS_CATALOGUE } from '../../../domain/planning-record/planning-catalogues.ts';
import { documentDecider, type DocumentState } from '../../../domain/document/document-decider.ts';
import type { DocumentEvent } from '../../../domain/document/document-events.ts';

const spec = specFor(planningRecordDecider('mission_analysis'));
const RECORD = '5a9c8a52-0f6e-5d8e-9d55-3b8f1d2a6c10';
const OP = '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const ACCOUNT = '7d1f2e3c-4b5a-4968-8776-655443322110';
const ITEM_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const ITEM_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const by = (at: string) => ({ account_id: ACCOUNT, api_key_id: null, origin: 'human' as const, at });
const tasksRule = MISSION_ANALYSIS_CATALOGUE.find((e) => e.type === 'tasks')!.items;

const update = (changes: Partial<UpdatePlanningRecord>): UpdatePlanningRecord => ({
  type: 'UpdatePlanningRecord',
  record_id: RECORD,
  operation_id: OP,
  account_id: ACCOUNT,
  record_type: 'tasks',
  rule: tasksRule,
  label: 'Mission analysis tasks',
  by: by('2026-11-23T10:00:00.000Z'),
  ...changes,
});

const written: PlanningRecordEvent = {
  type: 'MissionAnalysisUpdated',
  data: {
    record_id: RECORD,
    operation_id: OP,
    account_id: ACCOUNT,
    type: 'tasks',
    by: by('2026-11-23T09:00:00.000Z'),
    text: 'From OPORD 7',
    upserted_items: [
      { item_id: ITEM_A, kind: 'specified', text: 'Seize OBJ IRON', updated_by: by('2026-11-23T09:00:00.000Z') },
      { item_id: ITEM_B, kind: 'implied', text: 'Cross the river', updated_by: by('2026-11-23T09:00:00.000Z') },
    ],
  },
};

test('given nothing, when the first update, then one event with the text and the items', () => {
  spec([])
    .when(update({ text: 'T', items: [{ item_id: ITEM_A, kind: 'specified', text: 'Seize OBJ IRON' }] }))
    .then([
      {
        type: 'MissionAnalysisUpdated',
        data: {
          record_id: RECORD,
          operation_id: OP,
          account_id: ACCOUNT,
          type: 'tasks',
          by: by('2026-11-23T10:00:00.000Z'),
          text: 'T',
          upserted_items: [
            { item_id: ITEM_A, kind: 'specified', text: 'Seize OBJ IRON', updated_by: by('2026-11-23T10:00:00.000Z') },
          ],
          item_order: [ITEM_A],
        },
      },
    ]);
});

test('given a record, when the same content is sent, then no event', () => {
  spec([written])
    .when(
      update({
        text: 'From OPORD 7',
        items: [
          { item_id: ITEM_A, kind: 'specified', text: 'Seize OBJ IRON' },
          { item_id: ITEM_B, kind: 'implied', text: 'Cross the river' },
        ],
      }),
    )
    .then([]);
});

test('given a record, when one item changes and the other is dropped, then only those', () => {
  spec([written])
    .when(update({ items: [{ item_id: ITEM_B, kind: 'essential', text: 'Cross the river' }] }))
    .then([
      {
        type: 'MissionAnalysisUpdated',
        data: {
          record_id: RECORD,
          operation_id: OP,
          account_id: ACCOUNT,
          type: 'tasks',
          by: by('2026-11-23T10:00:00.000Z'),
          upserted_items: [
            { item_id: ITEM_B, kind: 'essential', text: 'Cross the river', updated_by: by('2026-11-23T10:00:00.000Z') },
          ],
          removed_item_ids: [ITEM_A],
          item_order: [ITEM_B],
        },
      },
    ]);
});

test('given a record, when items are only reordered, then the new order alone', () => {
  spec([written])
    .when(
      update({
        items: [
          { item_id: ITEM_B, kind: 'implied', text: 'Cross the river' },
          { item_id: ITEM_A, kind: 'specified', text: 'Seize OBJ IRON' },
        ],
      }),
    )
    .then([
      {
        type: 'MissionAnalysisUpdated',
        data: {
          record_id: RECORD,
          operation_id: OP,
          account_id: ACCOUNT,
          type: 'tasks',
          by: by('2026-11-23T10:00:00.000Z'),
          item_order: [ITEM_B, ITEM_A],
        },
      },
    ]);
});

test('a task without a kind, a kind of another list, or a field the list does not take is invalid', () => {
  spec([])
    .when(update({ items: [{ item_id: ITEM_A, text: 'x' }] }))
    .thenThrows('invalid', /need a kind/);
  spec([])
    .when(update({ items: [{ item_id: ITEM_A, kind: 'pir', text: 'x' }] }))
    .thenThrows('invalid', /not pir/);
  spec([])
    .when(update({ items: [{ item_id: ITEM_A, kind: 'implied', text: 'x', weight: 2 }] }))
    .thenThrows('invalid', /do not take weight/);
  spec([])
    .when(update({ rule: null, items: [{ item_id: ITEM_A, text: 'x' }] }))
    .thenThrows('invalid', /free text/);
});

const DOC = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const [UPLOAD_1, UPLOAD_2] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
/** A document's state after `steps` (uploaded as UPLOAD_1, deleted, uploaded again as UPLOAD_2). */
function documentAfter(...steps: Array<'uploaded' | 'deleted' | 'uploaded again'>): DocumentState {
  const uploaded = (upload_id: string): DocumentEvent => ({
    type: 'DocumentUploaded',
    data: {
      document_id: DOC,
      operation_id: OP,
      account_id: ACCOUNT,
      upload_id,
      storage_key: `documents/${upload_id}`,
      file_name: 'opord.pdf',
      media_type: 'application/pdf',
      declared_media_type: null,
      size: 1,
      sha256: 'a'.repeat(64),
      description: null,
      classification: null,
      by: { account_id: ACCOUNT, api_key_id: null, at: '2026-11-23T08:00:00.000Z' },
    },
  });
  const events: Record<string, DocumentEvent> = {
    uploaded: uploaded(UPLOAD_1),
    'uploaded again': uploaded(UPLOAD_2),
    deleted: {
      type: 'DocumentDeleted',
      data: { document_id: DOC, operation_id: OP, upload_id: UPLOAD_1, by: by('2026-11-23T08:30:00.000Z') },
    },
  };
  return steps.reduce((state, step) => documentDecider.evolve(state, events[step]!), documentDecider.initialState());
}

test('a generated update citing documents: written while each is the upload read; refused once one is gone', () => {
  const cited = (state: DocumentState) => [{ document_id: DOC, upload_id: UPLOAD_1, state }];
  const generated = (state: DocumentState) => update({ text: 'Draft', cited_documents: cited(state) });
  spec([])
    .when(generated(documentAfter('uploaded')))
    .then([
      {
        type: 'MissionAnalysisUpdated',
        data: {
          record_id: RECORD,
          operation_id: OP,
          account_id: ACCOUNT,
          type: 'tasks',
          by: by('2026-11-23T10:00:00.000Z'),
          text: 'Draft',
        },
      },
    ]);
  spec([])
    .when(generated(documentAfter('uploaded', 'deleted')))
    .thenThrows('conflict', new RegExp(`^Document ${DOC} was deleted after the generation was requested`));
  // Deleted and uploaded again: the same content, but not the upload the draft read.
  spec([])
    .when(generated(documentAfter('uploaded', 'deleted', 'uploaded again')))
    .thenThrows('conflict', /was deleted/);
  // Even an update that would change nothing is refused: the draft must not stand on a deleted document.
  spec([written])
    .when(update({ text: 'From OPORD 7', cited_documents: cited(documentAfter('uploaded', 'deleted')) }))
    .thenThrows('conflict', /was deleted/);
});

test("given another account's record, when updated, then forbidden", () => {
  spec([written])
    .when(update({ account_id: '99999999-9999-4999-8999-999999999999', text: 'x' }))
    .thenThrows('forbidden');
});

test.run();
