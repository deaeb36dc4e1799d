// A COA statement as it was at a point of its operation's history: the statement, its written
// attributes and its sections, each folded from its own stream with the deciders the commands use.
import type { Knex } from 'knex';
import { coaStatementDecider, type ActiveCoaStatement } from '../../domain/coa-statement/coa-statement-decider.ts';
import { coaStatementStream } from '../../domain/coa-statement/coa-statement-events.ts';
import { coaSectionDecider, type CoaSectionRecord } from '../../domain/coa-statement/coa-section-decider.ts';
import { coaSectionStream } from '../../domain/coa-statement/coa-section-events.ts';
import {
  planningRecordDecider,
  type PlanningRecordState,
} from '../../domain/planning-record/planning-record-decider.ts';
import { coaAttributeId, planningRecordStream } from '../../domain/planning-record/planning-record-events.ts';
import { COA_STATEMENT_FIELD_TYPES } from '../../domain/planning-record/planning-catalogues.ts';
import { foldStreamAsOf, historyOfStreams } from './fold-as-of.ts';
import type { AsOf } from './operation-history-queries.ts';
import { orderSections } from './coa-statement-queries.ts';

type Stamped = { version: number; created_at: string | null; updated_at: string | null };
type ActiveAttribute = Extract<PlanningRecordState, { status: 'active' }>;

export interface CoaStatementAsOf {
  statement: (ActiveCoaStatement & Stamped) | null;
  attributes: Array<ActiveAttribute & Stamped>;
  sections: Array<CoaSectionRecord & Stamped>;
}

const attributeDecider = planningRecordDecider('coa_attribute');
const SECTION_PREFIX = coaSectionStream('');

export async function coaStatementAsOf(
  knex: Knex,
  operationId: string,
  statementId: string,
  asOf: AsOf,
): Promise<CoaStatementAsOf> {
  const attributeStreams = COA_STATEMENT_FIELD_TYPES.map((f) =>
    planningRecordStream('coa_attribute', coaAttributeId(statementId, f)),
  );
  const entries = await historyOfStreams(knex, operationId, asOf, [
    coaStatementStream(statementId),
    SECTION_PREFIX,
    ...attributeStreams,
  ]);
  const folded = foldStreamAsOf(entries, coaStatementStream(statementId), coaStatementDecider);
  if (folded.state.status !== 'active') return { statement: null, attributes: [], sections: [] };
  const { status: _s, ...statement } = folded.state;

  const attributes: CoaStatementAsOf['attributes'] = [];
  for (const stream of attributeStreams) {
    const a = foldStreamAsOf(entries, stream, attributeDecider);
    if (a.state.status === 'active')
      attributes.push({ ...a.state, version: a.version, created_at: a.created_at, updated_at: a.updated_at });
  }

  const sectionStreams = new Map<string, number>();
  for (const e of entries) {
    if (
      e.stream_id.startsWith(SECTION_PREFIX) &&
      e.revision === 0 &&
      (e.data as { coa_statement_id?: string }).coa_statement_id === statementId
    ) {
      sectionStreams.set(e.stream_id, e.position);
    }
  }
  const sections: Array<CoaSectionRecord & Stamped & { added_position: number }> = [];
  for (const [stream, added_position] of sectionStreams) {
    const s = foldStreamAsOf(entries, stream, coaSectionDecider);
    if (s.state.status !== 'active') continue;
    const { status: _st, ...section } = s.state;
    sections.push({
      ...section,
      version: s.version,
      created_at: s.created_at,
      updated_at: s.updated_at,
      added_position,
    });
  }
  return {
    statement: { ...statement, version: folded.version, created_at: folded.created_at, updated_at: folded.updated_at },
    attributes,
    sections: orderSections(sections, statement.section_order),
  };
}
