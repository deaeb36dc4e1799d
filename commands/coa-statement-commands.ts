// Writes of COA statements and their sections: load what the decision needs (the statement, its
// operation, the sketch map, the section roster), let the deciders rule, append. Writes without
// If-Match retry on a concurrent write (each re-decides on the newer state, so concurrent edits of
// different fields all land); with If-Match a stale version is a 409.
import { randomUUID } from 'node:crypto';
import { mapDecider } from '../domain/map/map-decider.ts';
import { mapStream } from '../domain/map/map-events.ts';
import { operationAsParent, operationDecider } from '../domain/operation/operation-decider.ts';
import { operationStream } from '../domain/operation/operation-events.ts';
import { requireAccess } from '../domain/shared/require-access.ts';
import type { Origin } from '../domain/planning-record/planning-record-events.ts';
import type { ScreeningAssessmentInput, ScreeningCriterion } from '../domain/coa-statement/coa-screening.ts';
import {
  coaStatementAsParent,
  coaStatementDecider,
  type CoaStatementFields,
} from '../domain/coa-statement/coa-statement-decider.ts';
import { coaStatementStream } from '../domain/coa-statement/coa-statement-events.ts';
import { coaSectionDecider, type CoaSectionFields } from '../domain/coa-statement/coa-section-decider.ts';
import { coaSectionStream } from '../domain/coa-statement/coa-section-events.ts';
import { coaSectionRosterDecider } from '../domain/coa-statement/coa-section-roster-decider.ts';
import { coaSectionRosterStream } from '../domain/coa-statement/coa-section-roster-events.ts';
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
  return requireAccess(state.status === 'active' ? state : null, accountId, {
    kind: 'COA statement',
    id: coaStatementId,
  });
}

/** The sketch map named, for the decider to check (a map is deleted only with its operation, a parent of the write). */
async function loadSketchMap(store: EventStore, mapId: string | null | undefined) {
  return mapId ? (await loadState(store, mapStream(mapId), mapDecider)).state : undefined;
}

export interface NewCoaStatement extends Partial<Omit<CoaStatementFields, 'name'>> {
  operation_id: string;
  name: string;
  origin?: Origin;
}

export async function createCoaStatement(store: EventStore, ctx: CommandContext, input: NewCoaStatement) {
  const { account_id } = requirePrincipal(ctx);
  const operation = await requireActiveOperation(store, input.operation_id, account_id);
  const sketch_map = await loadSketchMap(store, input.sketch_map_id);
  const coa_statement_id = randomUUID();
  const result = await handleCommand({
    store,
    ctx,
    stream: coaStatementStream(coa_statement_id),
    decider: coaStatementDecider,
    operationId: input.operation_id,
    parents: [operation],
    command: {
      type: 'CreateCoaStatement',
      coa_statement_id,
      operation_id: input.operation_id,
      account_id,
      fields: { name: input.name, description: input.description ?? null, sketch_map_id: input.sketch_map_id ?? null },
      sketch_map,
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
  const sketch_map = await loadSketchMap(store, update.changes.sketch_map_id);
  return handleCommand({
    store,
    ctx,
    stream: coaStatementStream(update.coa_statement_id),
    decider: coaStatementDecider,
    operationId: current.operation_id,
    parents: [operation],
    ...conditional(update.expected_version),
    command: {
      type: 'UpdateCoaStatement',
      coa_statement_id: update.coa_statement_id,
      account_id,
      changes: update.changes,
      screening: update.screening,
      sketch_map,
      by: provenanceOf(ctx, update.origin),
    },
  });
}

export async function deleteCoaStatement(store: EventStore, ctx: CommandContext, coaStatementId: string) {
  const { account_id } = requirePrincipal(ctx);
  const current = await requireActiveCoaStatement(store, coaStatementId, account_id);
  return handleCommand({
    store,
    ctx,
    stream: coaStatementStream(coaStatementId),
    decider: coaStatementDecider,
    operationId: current.operation_id,
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
    store,
    ctx,
    stream: coaStatementStream(arrangement.coa_statement_id),
    decider: coaStatementDecider,
    operationId: current.operation_id,
    parents: [operation],
    ...conditional(arrangement.expected_version),
    command: {
      type: 'ArrangeCoaSections',
      coa_statement_id: arrangement.coa_statement_id,
      account_id,
      current_section_ids: arrangement.current_section_ids,
      section_ids: arrangement.section_ids,
      by: provenanceOf(ctx),
    },
  });
}

export interface NewCoaSection extends Partial<Omit<CoaSectionFields, 'title'>> {
  coa_statement_id: string;
  title: string;
  /** The statement's sections as the read models list them (they count towards the limit too; see the roster). */
  listed_section_ids?: readonly string[];
  /** A chosen id (a generation job's, so a redelivered task finds its sections again); new otherwise. */
  section_id?: string;
  origin?: Origin;
}

/**
 * Adds a section. The statement's roster takes it first (the limit of MAX_COA_SECTIONS is decided
 * there, and adds of one statement are serialised on that stream), then the section's own stream is
 * written; a section write refused before anything was written gives its place in the roster back.
 */
export async function addCoaSection(store: EventStore, ctx: CommandContext, input: NewCoaSection) {
  const { account_id } = requirePrincipal(ctx);
  const statement = await requireActiveCoaStatement(store, input.coa_statement_id, account_id);
  const operation = await requireActiveOperation(store, statement.operation_id, account_id);
  const { coa_statement_id, operation_id } = statement;
  const section_id = input.section_id ?? randomUUID();
  const parents = [coaStatementAsParent(coa_statement_id), operation];
  const attached = await handleCommand({
    store,
    ctx,
    stream: coaSectionRosterStream(coa_statement_id),
    decider: coaSectionRosterDecider,
    operationId: null,
    retryOnConflict: true,
    parents,
    command: {
      type: 'AttachSection',
      coa_statement_id,
      section_id,
      listed_section_ids: input.listed_section_ids ?? [],
    },
  });
  try {
    const result = await handleCommand({
      store,
      ctx,
      stream: coaSectionStream(section_id),
      decider: coaSectionDecider,
      operationId: operation_id,
      parents,
      command: {
        type: 'AddCoaSection',
        section_id,
        coa_statement_id,
        operation_id,
        account_id,
        fields: { title: input.title, content: input.content ?? null, field: input.field ?? null },
        by: provenanceOf(ctx, input.origin),
      },
    });
    return { ...result, section_id };
  } catch (error) {
    // The place is given back unless the section was written after all (by a writer racing with the same id).
    const attachedHere = attached.events.length > 0;
    if (
      attachedHere &&
      (await loadState(store, coaSectionStream(section_id), coaSectionDecider)).state.status === 'absent'
    ) {
      await detachSection(store, ctx, coa_statement_id, section_id);
    }
    throw error;
  }
}

/** Gives a section's place in its statement's roster back (bookkeeping: no operation id, no history). */
async function detachSection(store: EventStore, ctx: CommandContext, coa_statement_id: string, section_id: string) {
  await handleCommand({
    store,
    ctx,
    stream: coaSectionRosterStream(coa_statement_id),
    decider: coaSectionRosterDecider,
    operationId: null,
    retryOnConflict: true,
    command: { type: 'DetachSection', coa_statement_id, section_id },
  });
}

/** The section as loaded, with what its decider checks beside it: its statement and its operation. */
async function loadSection(store: EventStore, sectionId: string) {
  const loaded = await loadState(store, coaSectionStream(sectionId), coaSectionDecider);
  if (loaded.state.status !== 'active') return { loaded, parent: undefined, operationId: null, parents: [] };
  const { coa_statement_id, operation_id } = loaded.state;
  const [{ state: statement }, { state: operation }] = await Promise.all([
    loadState(store, coaStatementStream(coa_statement_id), coaStatementDecider),
    loadState(store, operationStream(operation_id), operationDecider),
  ]);
  return {
    loaded,
    parent: { statement, operation },
    operationId: operation_id,
    parents: [coaStatementAsParent(coa_statement_id), operationAsParent(operation_id)],
  };
}

export interface CoaSectionUpdate {
  section_id: string;
  changes: Partial<CoaSectionFields>;
  expected_version?: number;
  origin?: Origin;
}

export async function updateCoaSection(store: EventStore, ctx: CommandContext, update: CoaSectionUpdate) {
  const { account_id } = requirePrincipal(ctx);
  const { loaded, parent, operationId, parents } = await loadSection(store, update.section_id);
  return handleCommand({
    store,
    ctx,
    stream: coaSectionStream(update.section_id),
    decider: coaSectionDecider,
    operationId,
    ...conditional(update.expected_version),
    loaded,
    parents,
    command: {
      type: 'UpdateCoaSection',
      section_id: update.section_id,
      account_id,
      parent,
      changes: update.changes,
      by: provenanceOf(ctx, update.origin),
    },
  });
}

/** Removes the section, then gives its place in the statement's roster back. */
export async function removeCoaSection(store: EventStore, ctx: CommandContext, sectionId: string) {
  const { account_id } = requirePrincipal(ctx);
  const { loaded, parent, operationId, parents } = await loadSection(store, sectionId);
  const result = await handleCommand({
    store,
    ctx,
    stream: coaSectionStream(sectionId),
    decider: coaSectionDecider,
    operationId,
    loaded,
    parents,
    command: { type: 'RemoveCoaSection', section_id: sectionId, account_id, parent, by: provenanceOf(ctx) },
  });
  // A removal is decided only on an active section, so the state names its statement.
  if (result.state.status !== 'absent') await detachSection(store, ctx, result.state.coa_statement_id, sectionId);
  return result;
}
