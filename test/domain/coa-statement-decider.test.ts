// The COA statement, section and wargame deciders, given/when/then: only changes become events,
// screening verdicts keep their rationale unless given, an arrangement is a permutation, deleted
// records refuse further commands, another account is refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { specFor } from '../support/given-when-then.ts';
import { COA_STATEMENT_ENDED_BY, coaStatementDecider } from '../../domain/coa-statement/coa-statement-decider.ts';
import { fold } from '../../domain/shared/decider.ts';
import type { CoaStatementEvent } from '../../domain/coa-statement/coa-statement-events.ts';
import { coaSectionDecider } from '../../domain/coa-statement/coa-section-decider.ts';
import type { CoaSectionEvent } from '../../domain/coa-statement/coa-section-events.ts';
import { llmSimulationDecider } from '../../domain/llm-simulation/llm-simulation-decider.ts';
import type { DocumentState } from '../../domain/document/document-decider.ts';
import { screeningResult } from '../../domain/coa-statement/coa-screening.ts';
import { orderSections } from '../../projections/queries/coa-statement-queries.ts';

const statement = specFor(coaStatementDecider);
const section = specFor(coaSectionDecider);
const simulation = specFor(llmSimulationDecider);
const COA = '11111111-1111-4111-8111-111111111111';
const OP = '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const ACCOUNT = '7d1f2e3c-4b5a-4968-8776-655443322110';
const OTHER = '99999999-9999-4999-8999-999999999999';
const [S1, S2, S3] = ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'];
const by = (at: string) => ({ account_id: ACCOUNT, api_key_id: null, origin: 'human' as const, at });
const T1 = '2026-11-23T09:00:00.000Z';
const T2 = '2026-11-23T10:00:00.000Z';

const created: CoaStatementEvent = {
  type: 'COAStatementCreated',
  data: { coa_statement_id: COA, operation_id: OP, account_id: ACCOUNT, name: 'COA 1', description: null, sketch_map_id: null, by: by(T1) },
};
const screened: CoaStatementEvent = {
  type: 'COAStatementUpdated',
  data: { coa_statement_id: COA, operation_id: OP, changes: {}, screening: { feasible: { verdict: 'meets', rationale: 'In time', assessed_by: by(T1) } }, by: by(T1) },
};
const deleted: CoaStatementEvent = { type: 'COAStatementDeleted', data: { coa_statement_id: COA, operation_id: OP, by: by(T1) } };

test('statement children: AdmitChild admits under an active statement of the account, refuses once deleted', () => {
  const admit = (account_id: string) => ({ type: 'AdmitChild' as const, coa_statement_id: COA, account_id });
  statement([created, screened]).when(admit(ACCOUNT)).then([]);
  statement([created, deleted]).when(admit(ACCOUNT)).thenThrows('not_found');
  statement([]).when(admit(ACCOUNT)).thenThrows('not_found');
  statement([created]).when(admit(OTHER)).thenThrows('forbidden');
  const arranged: CoaStatementEvent = {
    type: 'COAStatementSectionsArranged',
    data: { coa_statement_id: COA, operation_id: OP, section_ids: [], by: by(T2) },
  };
  // The events a child's append is conditioned on are exactly those after which AdmitChild refuses.
  for (const event of [screened, arranged, deleted]) {
    let admits = true;
    try {
      coaStatementDecider.decide(admit(ACCOUNT), fold(coaStatementDecider, [created, event]));
    } catch {
      admits = false;
    }
    assert.is(COA_STATEMENT_ENDED_BY.includes(event.type), !admits, event.type);
  }
});

test('statement: given created, when an update repeats the name and changes the description, then only the description', () => {
  statement([created]).when({ type: 'UpdateCoaStatement', coa_statement_id: COA, account_id: ACCOUNT, changes: { name: 'COA 1', description: 'North' }, by: by(T2) })
    .then([{ type: 'COAStatementUpdated', data: { coa_statement_id: COA, operation_id: OP, changes: { description: 'North' }, by: by(T2) } }]);
});

test('statement: given a verdict with rationale, when the same verdict without rationale, then nothing; a new verdict keeps the rationale', () => {
  const update = (verdict: 'meets' | 'does_not_meet') => ({
    type: 'UpdateCoaStatement' as const, coa_statement_id: COA, account_id: ACCOUNT, changes: {}, screening: { feasible: { verdict } }, by: by(T2),
  });
  statement([created, screened]).when(update('meets')).then([]);
  statement([created, screened]).when(update('does_not_meet')).then([{
    type: 'COAStatementUpdated',
    data: { coa_statement_id: COA, operation_id: OP, changes: {}, screening: { feasible: { verdict: 'does_not_meet', rationale: 'In time', assessed_by: by(T2) } }, by: by(T2) },
  }]);
});

test('statement: an arrangement must be a permutation of the current sections; the same order records nothing', () => {
  const arrange = (section_ids: string[]) => ({
    type: 'ArrangeCoaSections' as const, coa_statement_id: COA, account_id: ACCOUNT, current_section_ids: [S1, S2, S3], section_ids, by: by(T2),
  });
  statement([created]).when(arrange([S1, S2])).thenThrows('invalid', new RegExp(`missing: ${S3}`));
  statement([created]).when(arrange([S1, S2, S3, S3])).thenThrows('invalid', new RegExp(`repeated: ${S3}`));
  statement([created]).when(arrange([S3, S1, S2])).then([{
    type: 'COAStatementSectionsArranged', data: { coa_statement_id: COA, operation_id: OP, section_ids: [S3, S1, S2], by: by(T2) },
  }]);
  const arranged: CoaStatementEvent = { type: 'COAStatementSectionsArranged', data: { coa_statement_id: COA, operation_id: OP, section_ids: [S3, S1, S2], by: by(T1) } };
  statement([created, arranged]).when(arrange([S3, S1, S2])).then([]);
});

test('statement: another account is refused, a deleted statement is gone, a second create conflicts', () => {
  statement([created]).when({ type: 'DeleteCoaStatement', coa_statement_id: COA, account_id: OTHER, by: by(T2) }).thenThrows('forbidden');
  statement([created, deleted]).when({ type: 'UpdateCoaStatement', coa_statement_id: COA, account_id: ACCOUNT, changes: { name: 'x' }, by: by(T2) }).thenThrows('not_found');
  statement([created, deleted]).when({ type: 'DeleteCoaStatement', coa_statement_id: COA, account_id: ACCOUNT, by: by(T2) }).thenThrows('not_found');
  statement([created]).when({
    type: 'CreateCoaStatement', coa_statement_id: COA, operation_id: OP, account_id: ACCOUNT, fields: { name: 'x', description: null, sketch_map_id: null }, by: by(T2),
  }).thenThrows('conflict');
});

const added: CoaSectionEvent = {
  type: 'COAStatementSectionAdded',
  data: { section_id: S1, coa_statement_id: COA, operation_id: OP, account_id: ACCOUNT, title: 'Decisive', content: null, field: null, by: by(T1) },
};

test('section: only changed fields become an event; a removed section refuses updates', () => {
  section([added]).when({ type: 'UpdateCoaSection', section_id: S1, account_id: ACCOUNT, changes: { title: 'Decisive', content: 'TF 1' }, by: by(T2) })
    .then([{ type: 'COAStatementSectionUpdated', data: { section_id: S1, coa_statement_id: COA, operation_id: OP, changes: { content: 'TF 1' }, by: by(T2) } }]);
  section([added]).when({ type: 'UpdateCoaSection', section_id: S1, account_id: ACCOUNT, changes: { title: 'Decisive' }, by: by(T2) }).then([]);
  const removed: CoaSectionEvent = { type: 'COAStatementSectionRemoved', data: { section_id: S1, coa_statement_id: COA, operation_id: OP, by: by(T1) } };
  section([added, removed]).when({ type: 'UpdateCoaSection', section_id: S1, account_id: ACCOUNT, changes: { title: 'x' }, by: by(T2) }).thenThrows('not_found');
  section([added]).when({ type: 'RemoveCoaSection', section_id: S1, account_id: OTHER, by: by(T2) }).thenThrows('forbidden');
});

test('wargame: turns are numbered 1, 2, ... in order; a record is written once', () => {
  const turn = (n: number) => ({ turn: n, critical_event: 'E', time: null, action: 'A', reaction: 'R', counteraction: 'C', result: null, decision_point: null });
  const content = (turns: ReturnType<typeof turn>[]) => ({ title: 'W', method: 'box' as const, enemy_coa: null, turns, assessments: [], summary: null, inputs: [], model: null });
  const record = (turns: ReturnType<typeof turn>[]) => ({
    type: 'RecordLlmSimulation' as const, simulation_id: S1, coa_statement_id: COA, operation_id: OP, account_id: ACCOUNT, content: content(turns), by: by(T1),
  });
  simulation([]).when(record([turn(1), turn(3)])).thenThrows('invalid', /turn 2 says 3/);
  const recorded = { type: 'LLMSimulationRecorded' as const, data: { simulation_id: S1, coa_statement_id: COA, operation_id: OP, account_id: ACCOUNT, ...content([turn(1), turn(2)]), by: by(T1) } };
  simulation([]).when(record([turn(1), turn(2)])).then([recorded]);
  simulation([recorded]).when(record([turn(1)])).thenThrows('conflict');
  simulation([recorded]).when({ type: 'DeleteLlmSimulation', simulation_id: S1, account_id: OTHER, by: by(T2) }).thenThrows('forbidden');
  // A generated wargame citing a document: written while it is the upload read, refused once it is gone.
  const document = { status: 'active', upload_id: S2 } as DocumentState;
  const citing = (state: DocumentState) => ({
    ...record([turn(1), turn(2)]), cited_documents: [{ document_id: S3, upload_id: S2, state }],
  });
  simulation([]).when(citing(document)).then([recorded]);
  const deletedDocument = { ...document, status: 'deleted' } as DocumentState;
  simulation([]).when(citing(deletedDocument)).thenThrows('conflict', /was deleted/);
  simulation([]).when(citing({ status: 'absent' })).thenThrows('conflict', /was deleted/);
});

test('screening result and section order, exactly', () => {
  assert.is(screeningResult({}), 'incomplete');
  assert.is(screeningResult({ feasible: { verdict: 'meets' }, acceptable: { verdict: 'meets' }, suitable: { verdict: 'meets' }, distinguishable: { verdict: 'meets' }, complete: { verdict: 'meets' } }), 'passes');
  assert.is(screeningResult({ feasible: { verdict: 'meets' }, complete: { verdict: 'does_not_meet' } }), 'fails');
  const rows = [{ section_id: S1, added_position: 10 }, { section_id: S2, added_position: 20 }, { section_id: S3, added_position: '30' }];
  assert.equal(orderSections(rows, [S2, S1]).map((r) => r.section_id), [S2, S1, S3], 'arranged first, then by creation');
  assert.equal(orderSections(rows, []).map((r) => r.section_id), [S1, S2, S3]);
});

test.run();
