// Writes of COA statements and their sections. A statement's operation must be active and the
// caller's, its sketch map a map of that operation; a section's statement must be active. Writes
// without If-Match retry on a concurrent write (each re-decides on the newer state, so concurrent
// edits of different fields all land); with If-Match a stale version is a 409.
import { randomUUID } from 'node:crypto';
import { mapDecider } from '../domain/map/map-decider.ts';
import { mapStream } from '../domain/map/map-events.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import { requireAccess } from '../domain/shared/require-access.ts';
import type { Origin } from '../domain/planning-record/planning-record-events.ts';
import type { ScreeningAssessmentInput, ScreeningCriterion } from '../domain/coa-statement/coa-screening.ts';
import {
  coaStatementAsParent, coaStatementDecider, type CoaStatementFields,
} from '../domain/coa-statement/coa-statement-decider.ts';
import { coaStatementStream, MAX_COA_SECTIONS } from '../domain/coa-statement/coa-statement-events.ts';
import { coaSectionDecider, type CoaSectionFields } from '../domain/coa-statement/coa-section-decider.ts';
import { coaSectionStream } from '../domain/coa-statement/coa-section-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';
import { provenanceOf, requireActiveOperation, requirePrincipal } from './planning-provenance.ts';

/** If-Match carries the version (number of changes); the stream's revision is one less. */
const conditional = (expectedVersion: number | undefined) => ({
  retryOnConflict: expectedVersion === undefined,
  expectedRevision: expectedVersion === undefined ? undefined : expectedVersion - 1,
});

/** The statement, when it is active and the caller's (404 / 403 otherwise). */
export async function requireActiveCoaStatement(store: EventStore, coaStatementId: string, accountId: string) {
  const { state } = await loadState(store, coaStatementStream(coaStatementId), coaStatementDecider);
  coaStatementDecider.decide({ type: 'AdmitChild', coa_statement_id: coaStatementId, account_id: accountId }, state);
  return requireAccess(state.status === 'active' ? state : null, accountId, { kind: 'COA statement', id: coaStatementId });
}

async function requireSketchMap(store: EventStore, mapId: string | null | undefined, operationId: string): Promise<void> {
  if (!mapId) return;
  const { state } = await loadState(store, mapStream(mapId), mapDecider);
  if (state.status !== 'active' || state.operation_id !== operationId) {
    throw new DomainError('invalid', `sketch_map_id ${mapId} is not a map of operation ${operationId}`, ['body', 'sketch_map_id']);
  }
}

export interface NewCoaStatement extends Partial<Omit<CoaStatementFields, 'name'>> {
  operation_id: string;
  name: string;
  origin?: Origin;
}

export async function createCoaStatement(store: EventStore, ctx: CommandContext, input: NewCoaStatement) {
  const { account_id } = requirePrincipal(ctx);
  const operation = await requireActiveOperation(store, input.operation_id, account_id);
  await requireSketchMap(store, input.sketch_map_id, input.operation_id);
  const coa_statement_id = randomUUID();
  const result = await handleCommand({
    store, ctx, stream: coaStatementStream(coa_statement_id), decider: coaStatementDecider, operationId: input.operation_id,
    parents: [operation],
    command: {
      type: 'CreateCoaStatement', coa_statement_id, operation_id: input.operation_id, account_id,
      fields: { name: input.name, description: input.description ?? null, sketch_map_id: input.sketch_map_id ?? null },
      by: provenanceOf(ctx, input.origin),
    },
  });
  return { ...result, coa_statement_id };
}

export interface CoaStatementUpdate {
  coa_statement_id: string;
  changes: Partial<CoaStatementFields>;
  screening?: Partial<Record<ScreeningCriterion, ScreeningAssessmentInput>>;
  expected_version?: number;
  origin?: Origin;
}

export async function updateCoaStatement(store: EventStore, ctx: CommandContext, update: CoaStatementUpdate) {
  const { account_id } = requirePrincipal(ctx);
  const current = await requireActiveCoaStatement(store, update.coa_statement_id, account_id);
  const operation = await requireActiveOperation(store, current.operation_id, account_id);
  if (update.changes.sketch_map_id !== undefined) await requireSketchMap(store, update.changes.sketch_map_id, current.operation_id);
  return handleCommand({
    store, ctx, stream: coaStatementStream(update.coa_statement_id), decider: coaStatementDecider, operationId: current.operation_id,
    parents: [operation],
    ...conditional(update.expected_version),
    command: {
      type: 'UpdateCoaStatement', coa_statement_id: update.coa_statement_id, account_id,
      changes: update.changes, screening: update.screening, by: provenanceOf(ctx, update.origin),
    },
  });
}

export async function deleteCoaStatement(store: EventStore, ctx: CommandContext, coaStatementId: string) {
  const { account_id } = requirePrincipal(ctx);
  const current = await requireActiveCoaStatement(store, coaStatementId, account_id);
  return handleCommand({
    store, ctx, stream: coaStatementStream(coaStatementId), decider: coaStatementDecider, operationId: current.operation_id,
    command: { type: 'DeleteCoaStatement', coa_statement_id: coaStatementId, account_id, by: provenanceOf(ctx) },
  });
}

export interface SectionArrangement {
  coa_statement_id: string;
  section_ids: string[];
  /** The statement's sections now (from the read models, which hold every acknowledged write). */
  current_section_ids: string[];
  expected_version?: number;
}

export async function arrangeCoaSections(store: EventStore, ctx: CommandContext, arrangement: SectionArrangement) {
  const { account_id } = requirePrincipal(ctx);
  const current = await requireActiveCoaStatement(store, arrangement.coa_statement_id, account_id);
  const operation = await requireActiveOperation(store, current.operation_id, account_id);
  return handleCommand({
    store, ctx, stream: coaStatementStream(arrangement.coa_statement_id), decider: coaStatementDecider, operationId: current.operation_id,
    parents: [operation],
    ...conditional(arrangement.expected_version),
    command: {
      type: 'ArrangeCoaSections', coa_statement_id: arrangement.coa_statement_id, account_id,
      current_section_ids: arrangement.current_section_ids, section_ids: arrangement.section_ids, by: provenanceOf(ctx),
    },
  });
}

export interface NewCoaSection extends Partial<Omit<CoaSectionFields, 'title'>> {
  coa_statement_id: string;
  title: string;
  /** How many sections the statement has now (the limit is MAX_COA_SECTIONS). */
  section_count: number;
  /** A chosen id (a generation job's, so a redelivered task finds its sections again); new otherwise. */
  section_id?: string;
  origin?: Origin;
}

export async function addCoaSection(store: EventStore, ctx: CommandContext, input: NewCoaSection) {
  const { account_id } = requirePrincipal(ctx);
  const statement = await requireActiveCoaStatement(store, input.coa_statement_id, account_id);
  const operation = await requireActiveOperation(store, statement.operation_id, account_id);
  if (input.section_count >= MAX_COA_SECTIONS) {
    throw new DomainError('invalid', `A COA statement holds at most ${MAX_COA_SECTIONS} sections`, ['body', 'coa_statement_id']);
  }
  const section_id = input.section_id ?? randomUUID();
  const result = await handleCommand({
    store, ctx, stream: coaSectionStream(section_id), decider: coaSectionDecider, operationId: statement.operation_id,
    parents: [coaStatementAsParent(statement.coa_statement_id), operation],
    command: {
      type: 'AddCoaSection', section_id, coa_statement_id: statement.coa_statement_id, operation_id: statement.operation_id, account_id,
      fields: { title: input.title, content: input.content ?? null, field: input.field ?? null },
      by: provenanceOf(ctx, input.origin),
    },
  });
  return { ...result, section_id };
}

/** The section (as loaded, for the command to decide on) when it, its statement and operation are active and the caller's. */
async function requireActiveSection(store: EventStore, sectionId: string, accountId: string) {
  const loaded = await loadState(store, coaSectionStream(sectionId), coaSectionDecider);
  const section = requireAccess(loaded.state.status === 'active' ? loaded.state : null, accountId, { kind: 'COA statement section', id: sectionId });
  const [, operation] = await Promise.all([
    requireActiveCoaStatement(store, section.coa_statement_id, accountId).catch((error: unknown) => {
      // A section of a deleted statement is gone with it.
      if (error instanceof DomainError && error.kind === 'not_found') throw new DomainError('not_found', `COA statement section ${sectionId} not found`);
      throw error;
    }),
    requireActiveOperation(store, section.operation_id, accountId),
  ]);
  return { section, loaded, parents: [coaStatementAsParent(section.coa_statement_id), operation] };
}

export interface CoaSectionUpdate {
  section_id: string;
  changes: Partial<CoaSectionFields>;
  expected_version?: number;
  origin?: Origin;
}

export async function updateCoaSection(store: EventStore, ctx: CommandContext, update: CoaSectionUpdate) {
  const { account_id } = requirePrincipal(ctx);
  const { section, loaded, parents } = await requireActiveSection(store, update.section_id, account_id);
  return handleCommand({
    store, ctx, stream: coaSectionStream(update.section_id), decider: coaSectionDecider, operationId: section.operation_id,
    ...conditional(update.expected_version), loaded, parents,
    command: { type: 'UpdateCoaSection', section_id: update.section_id, account_id, changes: update.changes, by: provenanceOf(ctx, update.origin) },
  });
}

export async function removeCoaSection(store: EventStore, ctx: CommandContext, sectionId: string) {
  const { account_id } = requirePrincipal(ctx);
  const { section, loaded, parents } = await requireActiveSection(store, sectionId, account_id);
  return handleCommand({
    store, ctx, stream: coaSectionStream(sectionId), decider: coaSectionDecider, operationId: section.operation_id,
    loaded, parents,
    command: { type: 'RemoveCoaSection', section_id: sectionId, account_id, by: provenanceOf(ctx) },
  });
}
