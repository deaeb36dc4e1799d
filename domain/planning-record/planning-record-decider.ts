// A planning record (mission analysis, WARNO, or a COA statement attribute): text and items of one operation's record of one
// type. Pure. The command layer checks the operation and gives every new item its id, so the
// decision only compares: a PUT that changes nothing records nothing, and an unchanged item keeps
// who wrote it and when.
import type { Decider } from '../shared/decider.ts';
import { requireAccess } from '../shared/require-access.ts';
import { requireLiveCitedDocuments, type CitedDocument } from '../document/cited-documents.ts';
import { checkItems, type ItemRule, type PlanningItemInput } from './planning-items.ts';
import {
  UPDATED_EVENT,
  type PlanningItem,
  type PlanningRecordEvent,
  type PlanningRecordKind,
  type PlanningRecordUpdatedData,
  type Provenance,
} from './planning-record-events.ts';

export type PlanningRecordState =
  | { status: 'absent' }
  | {
      status: 'active';
      record_id: string;
      operation_id: string;
      account_id: string;
      type: string;
      /** coa_attribute: the statement; null for mission analysis and WARNO. */
      coa_statement_id: string | null;
      text: string | null;
      text_updated_by: Provenance | null;
      items: PlanningItem[];
    };

export interface UpdatePlanningRecord {
  type: 'UpdatePlanningRecord';
  record_id: string;
  operation_id: string;
  account_id: string;
  record_type: string;
  coa_statement_id?: string;
  /** Absent: keep the text. */
  text?: string | null;
  /** Absent: keep the items; present: the whole list, in order (every item has its id). */
  items?: Array<PlanningItemInput & { item_id: string }>;
  /** The list rule of the record type (null: free text only). */
  rule: ItemRule | null;
  /** Name of the record type, for messages. */
  label: string;
  by: Provenance;
  /** A generated draft: the documents it read, with their state now (each must still be live). */
  cited_documents?: CitedDocument[];
}

export type PlanningRecordCommand = UpdatePlanningRecord;

const itemContent = (item: PlanningItemInput | PlanningItem) => {
  const { item_id: _id, updated_by: _by, ...content } = item as PlanningItem;
  return JSON.stringify(
    Object.keys(content)
      .sort()
      .map((k) => [k, content[k as keyof typeof content]]),
  );
};

function itemChanges(current: PlanningItem[], wanted: Array<PlanningItemInput & { item_id: string }>, by: Provenance) {
  const before = new Map(current.map((item) => [item.item_id, item]));
  const upserted: PlanningItem[] = [];
  for (const input of wanted) {
    const old = before.get(input.item_id);
    if (old && itemContent(old) === itemContent(input)) continue;
    upserted.push({ ...input, item_id: input.item_id, updated_by: by } as PlanningItem);
  }
  const kept = new Set(wanted.map((i) => i.item_id));
  const removed = current.filter((i) => !kept.has(i.item_id)).map((i) => i.item_id);
  const order = wanted.map((i) => i.item_id);
  const sameOrder = order.length === current.length && order.every((id, i) => current[i]!.item_id === id);
  return { upserted, removed, order: sameOrder ? null : order };
}

export function planningRecordDecider(
  kind: PlanningRecordKind,
): Decider<PlanningRecordCommand, PlanningRecordEvent, PlanningRecordState> {
  return {
    initialState: () => ({ status: 'absent' }),

    decide(command, state) {
      if (state.status === 'active')
        requireAccess(state, command.account_id, { kind: command.label, id: command.record_id });
      requireLiveCitedDocuments(command.cited_documents ?? []);
      if (command.items) checkItems(command.items, command.rule, command.label);
      const currentText = state.status === 'active' ? state.text : null;
      const currentItems = state.status === 'active' ? state.items : [];
      const data: PlanningRecordUpdatedData = {
        record_id: command.record_id,
        operation_id: command.operation_id,
        account_id: command.account_id,
        type: command.record_type,
        ...(command.coa_statement_id ? { coa_statement_id: command.coa_statement_id } : {}),
        by: command.by,
      };
      let changed = false;
      if (command.text !== undefined && command.text !== currentText) {
        data.text = command.text;
        changed = true;
      }
      if (command.items) {
        const { upserted, removed, order } = itemChanges(currentItems, command.items, command.by);
        if (upserted.length > 0) data.upserted_items = upserted;
        if (removed.length > 0) data.removed_item_ids = removed;
        if (order) data.item_order = order;
        changed ||= upserted.length > 0 || removed.length > 0 || order !== null;
      }
      if (!changed) return [];
      return [{ type: UPDATED_EVENT[kind], data } as PlanningRecordEvent];
    },

    evolve(state, event) {
      const data = event.data;
      const current: Extract<PlanningRecordState, { status: 'active' }> =
        state.status === 'active'
          ? state
          : {
              status: 'active',
              record_id: data.record_id,
              operation_id: data.operation_id,
              account_id: data.account_id,
              type: data.type,
              coa_statement_id: data.coa_statement_id ?? null,
              text: null,
              text_updated_by: null,
              items: [],
            };
      let items = current.items;
      if (data.upserted_items || data.removed_item_ids || data.item_order) {
        const byId = new Map(items.map((i) => [i.item_id, i]));
        for (const id of data.removed_item_ids ?? []) byId.delete(id);
        const appended: string[] = [];
        for (const item of data.upserted_items ?? []) {
          if (!byId.has(item.item_id)) appended.push(item.item_id);
          byId.set(item.item_id, item);
        }
        const order = data.item_order ?? [...items.map((i) => i.item_id).filter((id) => byId.has(id)), ...appended];
        items = order.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
      }
      return {
        ...current,
        text: data.text !== undefined ? data.text : current.text,
        text_updated_by: data.text !== undefined ? data.by : current.text_updated_by,
        items,
      };
    },
  };
}
