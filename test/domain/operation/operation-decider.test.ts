import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../../domain/shared/decider.ts';
import {
  OPERATION_ENDED_BY,
  operationAsParent,
  operationDecider,
  type OperationFields,
  type OperationState,
} from '../../../domain/operation/operation-decider.ts';
import type { OperationEvent } from '../../../domain/operation/operation-events.ts';
import { specFor } from '../../support/given-when-then.ts';

const spec = specFor(operationDecider);
const id = '11111111-1111-4111-8111-111111111111';
const account = '22222222-2222-4222-8222-222222222222';
const otherAccount = '33333333-3333-4333-8333-333333333333';
const fields: OperationFields = {
  name: 'Op',
  unit: 'Unit',
  branch: 'armor',
  echelon: 'company',
  unit_id: null,
  parent_id: null,
  description: null,
};
const created: OperationEvent = {
  type: 'OperationCreated',
  data: { operation_id: id, account_id: account, ...fields },
};

test('given nothing, when CreateOperation, then OperationCreated', () => {
  spec([]).when({ type: 'CreateOperation', operation_id: id, account_id: account, fields }).then([created]);
});

test('given created, when CreateOperation again, then conflict', () => {
  spec([created])
    .when({ type: 'CreateOperation', operation_id: id, account_id: account, fields })
    .thenThrows('conflict');
});

test('given created, when UpdateOperation, then only the changed fields are recorded', () => {
  spec([created])
    .when({
      type: 'UpdateOperation',
      operation_id: id,
      account_id: account,
      changes: { name: 'Op', echelon: 'battalion' },
    })
    .then([{ type: 'OperationUpdated', data: { operation_id: id, changes: { echelon: 'battalion' } } }]);
});

test('given created, when UpdateOperation changes nothing, then no event', () => {
  spec([created])
    .when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { unit: 'Unit' } })
    .then([]);
});

test('given an update, the next update compares against the updated state', () => {
  const updated: OperationEvent = { type: 'OperationUpdated', data: { operation_id: id, changes: { name: 'New' } } };
  spec([created, updated])
    .when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { name: 'New' } })
    .then([]);
});

test('given created, when another account updates, then forbidden', () => {
  spec([created])
    .when({ type: 'UpdateOperation', operation_id: id, account_id: otherAccount, changes: { name: 'x' } })
    .thenThrows('forbidden');
});

test('given created, when it is made its own parent, then invalid', () => {
  spec([created])
    .when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { parent_id: id } })
    .thenThrows('invalid');
});

test('given nothing, when UpdateOperation or DeleteOperation, then not found', () => {
  spec([])
    .when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { name: 'x' } })
    .thenThrows('not_found');
  spec([]).when({ type: 'DeleteOperation', operation_id: id, account_id: account }).thenThrows('not_found');
});

test('given created, when DeleteOperation, then OperationDeleted; deleted cannot be changed or deleted again', () => {
  const deleted: OperationEvent = { type: 'OperationDeleted', data: { operation_id: id } };
  spec([created]).when({ type: 'DeleteOperation', operation_id: id, account_id: account }).then([deleted]);
  spec([created, deleted])
    .when({ type: 'DeleteOperation', operation_id: id, account_id: account })
    .thenThrows('not_found');
  spec([created, deleted])
    .when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { name: 'x' } })
    .thenThrows('not_found');
  spec([created]).when({ type: 'DeleteOperation', operation_id: id, account_id: otherAccount }).thenThrows('forbidden');
});

test("children: given created, AdmitChild records nothing; deleted, missing or another account's refuses", () => {
  const admit = (account_id: string) => ({ type: 'AdmitChild' as const, operation_id: id, account_id });
  const deleted: OperationEvent = { type: 'OperationDeleted', data: { operation_id: id } };
  const updated: OperationEvent = { type: 'OperationUpdated', data: { operation_id: id, changes: { name: 'New' } } };
  spec([created, updated]).when(admit(account)).then([]);
  spec([created, deleted]).when(admit(account)).thenThrows('not_found');
  spec([]).when(admit(account)).thenThrows('not_found');
  spec([created]).when(admit(otherAccount)).thenThrows('forbidden');
});

test("children: a child's append is conditioned on exactly the events after which AdmitChild refuses", () => {
  const samples: OperationEvent[] = [
    { type: 'OperationUpdated', data: { operation_id: id, changes: { name: 'New' } } },
    { type: 'OperationDeleted', data: { operation_id: id } },
  ];
  for (const event of samples) {
    const state = fold(operationDecider, [created, event]);
    let admits = true;
    try {
      operationDecider.decide({ type: 'AdmitChild', operation_id: id, account_id: account }, state);
    } catch {
      admits = false;
    }
    assert.is(OPERATION_ENDED_BY.includes(event.type), !admits, event.type);
  }
  const parent = { kind: 'Operation', id, stream: `operation-${id}`, endedBy: ['OperationDeleted'] };
  assert.equal(operationAsParent(id), parent);
});

test('a parent must be an active operation of the same account (422 at body.parent_id), checked before the operation itself', () => {
  const parentId = '44444444-4444-4444-8444-444444444444';
  const parentCreated: OperationEvent = {
    type: 'OperationCreated',
    data: { operation_id: parentId, account_id: account, ...fields },
  };
  const parent = fold(operationDecider, [parentCreated]);
  const deletedParent = fold(operationDecider, [
    parentCreated,
    { type: 'OperationDeleted', data: { operation_id: parentId } },
  ]);
  const othersParent = fold(operationDecider, [
    { ...parentCreated, data: { ...parentCreated.data, account_id: otherAccount } } as OperationEvent,
  ]);
  const create = (p: OperationState | undefined) => ({
    type: 'CreateOperation' as const,
    operation_id: id,
    account_id: account,
    fields: { ...fields, parent_id: parentId },
    parent: p,
  });
  spec([])
    .when(create(parent))
    .then([
      { type: 'OperationCreated', data: { operation_id: id, account_id: account, ...fields, parent_id: parentId } },
    ]);
  for (const p of [deletedParent, othersParent, { status: 'absent' as const }, undefined]) {
    spec([])
      .when(create(p))
      .thenThrows('invalid', new RegExp(`^Parent operation ${parentId} does not exist$`));
  }
  const update = (p: OperationState | undefined, account_id = account) => ({
    type: 'UpdateOperation' as const,
    operation_id: id,
    account_id,
    changes: { parent_id: parentId },
    parent: p,
  });
  spec([created])
    .when(update(parent))
    .then([{ type: 'OperationUpdated', data: { operation_id: id, changes: { parent_id: parentId } } }]);
  spec([created]).when(update(deletedParent)).thenThrows('invalid');
  spec([]).when(update(deletedParent)).thenThrows('invalid');
  spec([]).when(update(parent)).thenThrows('not_found');
  // Clearing the parent needs none.
  spec([created])
    .when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { parent_id: null } })
    .then([]);
});

test.run();
