// Events of a COA statement's section roster (stream `coa_section_roster-<statement id>`): which
// sections the statement holds. Sections live in streams of their own, so no single append sees
// them all; the roster is where adds of one statement meet, one revision at a time, so the limit
// of MAX_COA_SECTIONS holds when adds race. Bookkeeping only: the events carry no operation id
// (they stay out of the operation's history) and no projector reads them.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { Uuid } from '../shared/schema-types.ts';

/** Both events name the section and its statement. */
export const CoaSectionRosterEntry = Type.Object(
  { coa_statement_id: Uuid, section_id: Uuid },
  { additionalProperties: false },
);
type Entry = Static<typeof CoaSectionRosterEntry>;

export type CoaSectionRosterEvent =
  DomainEvent<'COAStatementSectionAttached', Entry> | DomainEvent<'COAStatementSectionDetached', Entry>;

export const coaSectionRosterEventSchemas = {
  COAStatementSectionAttached: { version: 1, schema: CoaSectionRosterEntry },
  COAStatementSectionDetached: { version: 1, schema: CoaSectionRosterEntry },
};

export const coaSectionRosterStream = (coaStatementId: string) => `coa_section_roster-${coaStatementId}`;
