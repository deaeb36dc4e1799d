// Writes of the planning records (mission analysis, WARNO, COA attributes). The record's operation
// (and an attribute's statement) must be active and the caller's; new items get their ids here, so
// the decider stays pure.
import { randomUUID } from 'node:crypto';
import type { ItemRule, PlanningItemInput } from '../domain/planning-record/planning-items.ts';
import { planningRecordDecider } from '../domain/planning-record/planning-record-decider.ts';
import {
  planningRecordStream,
  type Origin,
  type PlanningRecordKind,
} from '../domain/planning-record/planning-record-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { provenanceOf, requireActiveOperation, requirePrincipal } from './planning-provenance.ts';
import { requireActiveCoaStatement } from './coa-statement-commands.ts';
import { readCitedDocuments, type DocumentCitation } from './document-commands.ts';
import { coaStatementAsParent } from '../domain/coa-statement/coa-statement-decider.ts';

export interface PlanningRecordUpdate {
  kind: PlanningRecordKind;
  record_id: string;
  operation_id: string;
  record_type: string;
  /** coa_attribute: the statement (must be active). */
  coa_statement_id?: string;
  rule: ItemRule | null;
  label: string;
  text?: string | null;
  items?: PlanningItemInput[];
  /** The version the client read (If-Match): a mismatch is a 409. */
  expected_version?: number;
  origin?: Origin;
  /**
   * A generated draft: the documents it read. Written only while each is still that upload, checked
   * with the append (a deletion racing it makes the decision be taken again, and then refused).
   */
  cited_documents?: readonly DocumentCitation[];
}

export async function updatePlanningRecord(store: EventStore, ctx: CommandContext, update: PlanningRecordUpdate) {
  const { account_id } = requirePrincipal(ctx);
  const parents = [await requireActiveOperation(store, update.operation_id, account_id)];
  if (update.coa_statement_id) {
    await requireActiveCoaStatement(store, update.coa_statement_id, account_id);
    parents.push(coaStatementAsParent(update.coa_statement_id));
  }
  const items = update.items?.map((item) => ({ ...item, item_id: item.item_id ?? randomUUID() }));
  const command = {
    type: 'UpdatePlanningRecord' as const,
    record_id: update.record_id,
    operation_id: update.operation_id,
    account_id,
    record_type: update.record_type,
    coa_statement_id: update.coa_statement_id,
    text: update.text,
    items,
    rule: update.rule,
    label: update.label,
    by: provenanceOf(ctx, update.origin),
  };
  const citations = update.cited_documents;
  return handleCommand({
    store,
    ctx,
    stream: planningRecordStream(update.kind, update.record_id),
    decider: planningRecordDecider(update.kind),
    operationId: update.operation_id,
    parents,
    // Unconditional writes are last-writer-wins per field and retried on a concurrent write;
    // with If-Match (version = number of changes) a stale version is a 409.
    retryOnConflict: update.expected_version === undefined,
    expectedRevision: update.expected_version === undefined ? undefined : update.expected_version - 1,
    command,
    readAlso:
      citations && citations.length > 0
        ? async () => {
            const { cited, read } = await readCitedDocuments(store, citations);
            return { command: { ...command, cited_documents: cited }, read };
          }
        : undefined,
  });
}
