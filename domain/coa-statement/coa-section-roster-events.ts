// Events of a COA statement's section roster (stream `coa_section_roster-<statement id>`): which
// sections the statement holds. Sections live in streams of their own, so no single append sees
// them all; the roster is where adds of one statement meet, one revision at a time, so the limit
// of MAX_COA_SECTIONS holds when adds race. Bookkeeping only: the events carry no operation id
// (they stay out of the operation's history) and no projector reads them.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { Uuid } from '../shared/schema-types.ts';

export const CoaSectionAttachedData = Type.Object({
  coa_statement_id: Uuid,
  section_id: Uuid,
}, { additionalProperties: false });

export const CoaSectionDetachedData = Type.Object({
  coa_statement_id: Uuid,
  section_id: Uuid,
}, { additionalProperties: false });

export type CoaSectionAttached = DomainEvent<'COAStatementSectionAttached', Static<typeof CoaSectionAttachedData>>;
export type CoaSectionDetached = DomainEvent<'COAStatementSectionDetached', Static<typeof CoaSectionDetachedData>>;
export type CoaSectionRosterEvent = CoaSectionAttached | CoaSectionDetached;

export const coaSectionRosterEventSchemas = {
  COAStatementSectionAttached: { version: 1, schema: CoaSectionAttachedData },
  COAStatementSectionDetached: { version: 1, schema: CoaSectionDetachedData },
};

export const coaSectionRosterStream = (coaStatementId: string) => `coa_section_roster-${coaStatementId}`;
