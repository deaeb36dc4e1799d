// The COA statement, section and wargame deciders, given/when/then: only changes become events,
// screening verdicts keep their rationale unless given, an arrangement is a permutation, deleted
// records refuse further commands, another account is refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { specFor } from '../../support/given-when-then.ts';
import { COA_STATEMENT_ENDED_BY, coaStatementDecider } from '../../../domain/coa-statement/coa-statement-decider.ts';
import { fold } from '../../../domain/shared/decider.ts';
import type { CoaStatementEvent } from '../../../domain/coa-statement/coa-statement-events.ts';
import { coaSectionDecider } from '../../../domain/coa-statement/coa-section-decider.ts';
import type { CoaSectionEvent } from '../../../domain/coa-statement/coa-section-events.ts';
import { coaSectionRosterDecider, sectionCount } from '../../../domain/coa-statement/coa-section-roster-decider.ts';
import type { CoaSectionRosterEvent } from '../../../domain/coa-statement/coa-section-roster-events.ts';
import { MAX_COA_SECTIONS } from '../../../domain/coa-statement/coa-statement-events.ts';
import { mapDecider, type MapState } from '../../../domain/map/map-decider.ts';
import { operationDecider } from '../../../domain/operation/operation-decider.ts';
import type { OperationEvent } from '../../../domain/operation/operation-events.ts';
import { llmSimulationDecider } from '../../../domain/llm-simulation/llm-simulation-decider.ts';
import type { DocumentState } from '../../../domain/document/document-decider.ts';
import { screeningResult } from '../../../domain/coa-statement/coa-screening.ts';
import { orderSections } from '../../../projections/queries/coa-statement-queries.ts';

const statement = specFor(coaStatementDecider);
const section = specFor(coaSectionDecider);
const roster = specFor(coaSectionRosterDecider);
const simulation = specFor(llmSimulationDecider);
const COA = '11111111-1111-4111-8111-111111111111';
const OP = '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const ACCOUNT = '7d1f2e3c-4b5a-4968-8776-655443322110';
const OTHER = '99999999-9999-4999-8999-999999999999';
const [S1, S2, S3] = [
  'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
];
const by = (at: string) => ({ account_id: ACCOUNT, api_key_id: null, origin: 'human' as const, at });
const T1 = '2026-11-23T09:00:00.000Z';
const T2 = '2026-11-23T10:00:00.000Z';

const created: CoaStatementEvent = {
  type: 'COAStatementCreated',
  data: {
    coa_statement_id: COA,
    operation_id: OP,
    account_id: ACCOUNT,
    name: 'COA 1',
    description: null,
    sketch_map_id: null,
    by: by(T1),
  },
};
const screened: CoaStatementEvent = {
  type: 'COAStatementUpdated',
  data: {
    coa_statement_id: COA,
    operation_id: OP,
    changes: {},
    screening: { feasible: { verdict: 'meets', rationale: 'In time', assessed_by: by(T1) } },
    by: by(T1),
  },
};
const deleted: CoaStatementEvent = {
  type: 'COAStatementDeleted',
  data: { coa_statement_id: COA, operation_id: OP, by: by(T1) },
};

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
  statement([created])
    .when({
      type: 'UpdateCoaStatement',
      coa_statement_id: COA,
      account_id: ACCOUNT,
      changes: { name: 'COA 1', description: 'North' },
      by: by(T2),
    })
    .then([
      {
        type: 'COAStatementUpdated',
        data: { coa_statement_id: COA, operation_id: OP, changes: { description: 'North' }, by: by(T2) },
      },
    ]);
});

test('statement: given a verdict with rationale, when the same verdict without rationale, then nothing; a new verdict keeps the rationale', () => {
  const update = (verdict: 'meets' | 'does_not_meet') => ({
    type: 'UpdateCoaStatement' as const,
    coa_statement_id: COA,
    account_id: ACCOUNT,
    changes: {},
    screening: { feasible: { verdict } },
    by: by(T2),
  });
  statement([created, screened]).when(update('meets')).then([]);
  statement([created, screened])
    .when(update('does_not_meet'))
    .then([
      {
        type: 'COAStatementUpdated',
        data: {
          coa_statement_id: COA,
          operation_id: OP,
          changes: {},
          screening: { feasible: { verdict: 'does_not_meet', rationale: 'In time', assessed_by: by(T2) } },
          by: by(T2),
        },
      },
    ]);
});

test('statement: an arrangement must be a permutation of the current sections; the same order records nothing', () => {
  const arrange = (section_ids: string[]) => ({
    type: 'ArrangeCoaSections' as const,
    coa_statement_id: COA,
    account_id: ACCOUNT,
    current_section_ids: [S1, S2, S3],
    section_ids,
    by: by(T2),
  });
  statement([created])
    .when(arrange([S1, S2]))
    .thenThrows('invalid', new RegExp(`missing: ${S3}`));
  statement([created])
    .when(arrange([S1, S2, S3, S3]))
    .thenThrows('invalid', new RegExp(`repeated: ${S3}`));
  statement([created])
    .when(arrange([S3, S1, S2]))
    .then([
      {
        type: 'COAStatementSectionsArranged',
        data: { coa_statement_id: COA, operation_id: OP, section_ids: [S3, S1, S2], by: by(T2) },
      },
    ]);
  const arranged: CoaStatementEvent = {
    type: 'COAStatementSectionsArranged',
    data: { coa_statement_id: COA, operation_id: OP, section_ids: [S3, S1, S2], by: by(T1) },
  };
  statement([created, arranged])
    .when(arrange([S3, S1, S2]))
    .then([]);
});

test('statement: another account is refused, a deleted statement is gone, a second create conflicts', () => {
  statement([created])
    .when({ type: 'DeleteCoaStatement', coa_statement_id: COA, account_id: OTHER, by: by(T2) })
    .thenThrows('forbidden');
  statement([created, deleted])
    .when({
      type: 'UpdateCoaStatement',
      coa_statement_id: COA,
      account_id: ACCOUNT,
      changes: { name: 'x' },
      by: by(T2),
    })
    .thenThrows('not_found');
  statement([created, deleted])
    .when({ type: 'DeleteCoaStatement', coa_statement_id: COA, account_id: ACCOUNT, by: by(T2) })
    .thenThrows('not_found');
  statement([created])
    .when({
      type: 'CreateCoaStatement',
      coa_statement_id: COA,
      operation_id: OP,
      account_id: ACCOUNT,
      fields: { name: 'x', description: null, sketch_map_id: null },
      by: by(T2),
    })
    .thenThrows('conflict');
});

const added: CoaSectionEvent = {
  type: 'COAStatementSectionAdded',
  data: {
    section_id: S1,
    coa_statement_id: COA,
    operation_id: OP,
    account_id: ACCOUNT,
    title: 'Decisive',
    content: null,
    field: null,
    by: by(T1),
  },
};

const operationCreated: OperationEvent = {
  type: 'OperationCreated',
  data: {
    operation_id: OP,
    account_id: ACCOUNT,
    name: 'Op',
    unit: 'Unit',
    branch: 'armor',
    echelon: 'company',
    unit_id: null,
    parent_id: null,
    description: null,
  },
};
const operationDeleted: OperationEvent = { type: 'OperationDeleted', data: { operation_id: OP } };
/** A section's statement and operation, as the command layer loads them beside it. */
const parentOf = (statementEvents: CoaStatementEvent[], operationEvents: OperationEvent[] = [operationCreated]) => ({
  statement: fold(coaStatementDecider, statementEvents),
  operation: fold(operationDecider, operationEvents),
});
const live = parentOf([created]);

test('section: only changed fields become an event; a removed section refuses updates', () => {
  section([added])
    .when({
      type: 'UpdateCoaSection',
      section_id: S1,
      account_id: ACCOUNT,
      parent: live,
      changes: { title: 'Decisive', content: 'TF 1' },
      by: by(T2),
    })
    .then([
      {
        type: 'COAStatementSectionUpdated',
        data: { section_id: S1, coa_statement_id: COA, operation_id: OP, changes: { content: 'TF 1' }, by: by(T2) },
      },
    ]);
  section([added])
    .when({
      type: 'UpdateCoaSection',
      section_id: S1,
      account_id: ACCOUNT,
      parent: live,
      changes: { title: 'Decisive' },
      by: by(T2),
    })
    .then([]);
  const removed: CoaSectionEvent = {
    type: 'COAStatementSectionRemoved',
    data: { section_id: S1, coa_statement_id: COA, operation_id: OP, by: by(T1) },
  };
  section([added, removed])
    .when({
      type: 'UpdateCoaSection',
      section_id: S1,
      account_id: ACCOUNT,
      parent: live,
      changes: { title: 'x' },
      by: by(T2),
    })
    .thenThrows('not_found');
  section([added])
    .when({ type: 'RemoveCoaSection', section_id: S1, account_id: OTHER, parent: live, by: by(T2) })
    .thenThrows('forbidden');
});

test('section: under a deleted statement it is gone (404 for the section); under a deleted operation the operation is', () => {
  const update = (parent: ReturnType<typeof parentOf>) => ({
    type: 'UpdateCoaSection' as const,
    section_id: S1,
    account_id: ACCOUNT,
    parent,
    changes: { title: 'x' },
    by: by(T2),
  });
  section([added])
    .when(update(parentOf([created, deleted])))
    .thenThrows('not_found', new RegExp(`^COA statement section ${S1} not found$`));
  section([added])
    .when(update(parentOf([])))
    .thenThrows('not_found', /^COA statement section /);
  section([added])
    .when(update(parentOf([created], [operationCreated, operationDeleted])))
    .thenThrows('not_found', new RegExp(`^Operation ${OP} not found$`));
  section([added])
    .when({
      type: 'RemoveCoaSection',
      section_id: S1,
      account_id: ACCOUNT,
      parent: parentOf([created, deleted]),
      by: by(T2),
    })
    .thenThrows('not_found');
  section([added])
    .when({ type: 'RemoveCoaSection', section_id: S1, account_id: ACCOUNT, parent: live, by: by(T2) })
    .then([
      {
        type: 'COAStatementSectionRemoved',
        data: { section_id: S1, coa_statement_id: COA, operation_id: OP, by: by(T2) },
      },
    ]);
});

test("statement: a sketch map must be an active map of the statement's operation (422 at body.sketch_map_id)", () => {
  const MAP = S3;
  const mapOf = (operation_id: string) =>
    fold(mapDecider, [
      { type: 'MapCreated', data: { map_id: MAP, operation_id, account_id: ACCOUNT, name: 'Sketch' } },
    ]);
  const create = (sketch_map: MapState | undefined) => ({
    type: 'CreateCoaStatement' as const,
    coa_statement_id: COA,
    operation_id: OP,
    account_id: ACCOUNT,
    fields: { name: 'COA 1', description: null, sketch_map_id: MAP },
    sketch_map,
    by: by(T1),
  });
  const withMap: CoaStatementEvent = { ...created, data: { ...created.data, sketch_map_id: MAP } } as CoaStatementEvent;
  statement([])
    .when(create(mapOf(OP)))
    .then([withMap]);
  statement([])
    .when(create(mapOf(OTHER)))
    .thenThrows('invalid', new RegExp(`^sketch_map_id ${MAP} is not a map of operation ${OP}$`));
  statement([]).when(create(undefined)).thenThrows('invalid');
  statement([])
    .when(create({ status: 'absent' }))
    .thenThrows('invalid');
  const update = (sketch_map_id: string | null, sketch_map?: MapState) => ({
    type: 'UpdateCoaStatement' as const,
    coa_statement_id: COA,
    account_id: ACCOUNT,
    changes: { sketch_map_id },
    sketch_map,
    by: by(T2),
  });
  statement([created])
    .when(update(MAP, mapOf(OTHER)))
    .thenThrows('invalid');
  statement([created])
    .when(update(MAP, mapOf(OP)))
    .then([
      {
        type: 'COAStatementUpdated',
        data: { coa_statement_id: COA, operation_id: OP, changes: { sketch_map_id: MAP }, by: by(T2) },
      },
    ]);
  statement([withMap])
    .when(update(null))
    .then([
      {
        type: 'COAStatementUpdated',
        data: { coa_statement_id: COA, operation_id: OP, changes: { sketch_map_id: null }, by: by(T2) },
      },
    ]);
  // The statement's own access comes first: another account's statement is 403 whatever the map.
  statement([created])
    .when({ ...update(MAP, mapOf(OTHER)), account_id: OTHER })
    .thenThrows('forbidden');
});

test('section roster: at most MAX_COA_SECTIONS sections, counting listed ones not detached; a known id changes nothing', () => {
  const ids = Array.from(
    { length: MAX_COA_SECTIONS + 1 },
    (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  );
  const attachedEvent = (section_id: string): CoaSectionRosterEvent => ({
    type: 'COAStatementSectionAttached',
    data: { coa_statement_id: COA, section_id },
  });
  const detachedEvent = (section_id: string): CoaSectionRosterEvent => ({
    type: 'COAStatementSectionDetached',
    data: { coa_statement_id: COA, section_id },
  });
  const attach = (section_id: string, listed_section_ids: string[] = []) => ({
    type: 'AttachSection' as const,
    coa_statement_id: COA,
    section_id,
    listed_section_ids,
  });
  const full = ids.slice(0, MAX_COA_SECTIONS).map(attachedEvent);
  const last = ids[MAX_COA_SECTIONS]!;
  roster(full.slice(0, -1))
    .when(attach(ids[MAX_COA_SECTIONS - 1]!))
    .then([attachedEvent(ids[MAX_COA_SECTIONS - 1]!)]);
  roster(full)
    .when(attach(last))
    .thenThrows('invalid', new RegExp(`^A COA statement holds at most ${MAX_COA_SECTIONS} sections$`));
  roster([...full, detachedEvent(ids[0]!)])
    .when(attach(last))
    .then([attachedEvent(last)]);
  // Already attached (a redelivered task), or detached (an id in use): nothing, even when full.
  roster(full).when(attach(ids[5]!)).then([]);
  roster([...full, detachedEvent(ids[5]!)])
    .when(attach(ids[5]!))
    .then([]);
  // Sections the roster never saw (recorded before it existed) count while listed and not detached.
  const listed = ids.slice(0, MAX_COA_SECTIONS);
  roster([]).when(attach(last, listed)).thenThrows('invalid');
  roster([detachedEvent(ids[0]!)])
    .when(attach(last, listed))
    .then([attachedEvent(last)]);
  roster(full.slice(0, 100))
    .when(attach(last, ids.slice(50, MAX_COA_SECTIONS - 1)))
    .then([attachedEvent(last)]);
  roster(full.slice(0, 100))
    .when(attach(last, ids.slice(50, MAX_COA_SECTIONS)))
    .thenThrows('invalid');
  assert.is(sectionCount(fold(coaSectionRosterDecider, full.slice(0, 3)), [ids[2]!, ids[3]!]), 4);
  // Detaching: once per id, also an id the roster never attached (a section older than the roster).
  const detach = (section_id: string) => ({ type: 'DetachSection' as const, coa_statement_id: COA, section_id });
  roster(full.slice(0, 1))
    .when(detach(ids[0]!))
    .then([detachedEvent(ids[0]!)]);
  roster([...full.slice(0, 1), detachedEvent(ids[0]!)])
    .when(detach(ids[0]!))
    .then([]);
  roster([])
    .when(detach(ids[7]!))
    .then([detachedEvent(ids[7]!)]);
});

test('wargame: turns are numbered 1, 2, ... in order; a record is written once', () => {
  const turn = (n: number) => ({
    turn: n,
    critical_event: 'E',
    time: null,
    action: 'A',
    reaction: 'R',
    counteraction: 'C',
    result: null,
    decision_point: null,
  });
  const content = (turns: ReturnType<typeof turn>[]) => ({
    title: 'W',
    method: 'box' as const,
    enemy_coa: null,
    turns,
    assessments: [],
    summary: null,
    inputs: [],
    model: null,
  });
  const record = (turns: ReturnType<typeof turn>[]) => ({
    type: 'RecordLlmSimulation' as const,
    simulation_id: S1,
    coa_statement_id: COA,
    operation_id: OP,
    account_id: ACCOUNT,
    content: content(turns),
    by: by(T1),
  });
  simulation([])
    .when(record([turn(1), turn(3)]))
    .thenThrows('invalid', /turn 2 says 3/);
  const recorded = {
    type: 'LLMSimulationRecorded' as const,
    data: {
      simulation_id: S1,
      coa_statement_id: COA,
      operation_id: OP,
      account_id: ACCOUNT,
      ...content([turn(1), turn(2)]),
      by: by(T1),
    },
  };
  simulation([])
    .when(record([turn(1), turn(2)]))
    .then([recorded]);
  simulation([recorded])
    .when(record([turn(1)]))
    .thenThrows('conflict');
  simulation([recorded])
    .when({ type: 'DeleteLlmSimulation', simulation_id: S1, account_id: OTHER, by: by(T2) })
    .thenThrows('forbidden');
  // A generated wargame citing a document: written while it is the upload read, refused once it is gone.
  const document = { status: 'active', upload_id: S2 } as DocumentState;
  const citing = (state: DocumentState) => ({
    ...record([turn(1), turn(2)]),
    cited_documents: [{ document_id: S3, upload_id: S2, state }],
  });
  simulation([]).when(citing(document)).then([recorded]);
  const deletedDocument = { ...document, status: 'deleted' } as DocumentState;
  simulation([])
    .when(citing(deletedDocument))
    .thenThrows('conflict', /was deleted/);
  simulation([])
    .when(citing({ status: 'absent' }))
    .thenThrows('conflict', /was deleted/);
});

test('screening result and section order, exactly', () => {
  assert.is(screeningResult({}), 'incomplete');
  assert.is(
    screeningResult({
      feasible: { verdict: 'meets' },
      acceptable: { verdict: 'meets' },
      suitable: { verdict: 'meets' },
      distinguishable: { verdict: 'meets' },
      complete: { verdict: 'meets' },
    }),
    'passes',
  );
  assert.is(screeningResult({ feasible: { verdict: 'meets' }, complete: { verdict: 'does_not_meet' } }), 'fails');
  const rows = [
    { section_id: S1, added_position: 10 },
    { section_id: S2, added_position: 20 },
    { section_id: S3, added_position: '30' },
  ];
  assert.equal(
    orderSections(rows, [S2, S1]).map((r) => r.section_id),
    [S2, S1, S3],
    'arranged first, then by creation',
  );
  assert.equal(
    orderSections(rows, []).map((r) => r.section_id),
    [S1, S2, S3],
  );
});

test.run();
