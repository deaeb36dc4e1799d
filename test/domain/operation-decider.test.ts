import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../domain/shared/decider.ts';
import {
  OPERATION_ENDED_BY, operationAsParent, operationDecider, type OperationFields,
} from '../../domain/operation/operation-decider.ts';
import type { OperationEvent } from '../../domain/operation/operation-events.ts';
import { specFor } from '../support/given-when-then.ts';

const spec = specFor(operationDecider);
const id = '11111111-1111-4111-8111-111111111111';
const account = '22222222-2222-4222-8222-222222222222';
const otherAccount = '33333333-3333-4333-8333-333333333333';
const fields: OperationFields = {
  name: 'Op', unit: 'Unit', branch: 'armor', echelon: 'company', unit_id: null, parent_id: null, description: null,
};
const created: OperationEvent = { type: 'OperationCreated', data: { operation_id: id, account_id: account, ...fields } };

test('given nothing, when CreateOperation, then OperationCreated', () => {
  spec([]).when({ type: 'CreateOperation', operation_id: id, account_id: account, fields }).then([created]);
});

test('given created, when CreateOperation again, then conflict', () => {
  spec([created]).when({ type: 'CreateOperation', operation_id: id, account_id: account, fields }).thenThrows('conflict');
});

test('given created, when UpdateOperation, then only the changed fields are recorded', () => {
  spec([created])
    .when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { name: 'Op', echelon: 'battalion' } })
    .then([{ type: 'OperationUpdated', data: { operation_id: id, changes: { echelon: 'battalion' } } }]);
});

test('given created, when UpdateOperation changes nothing, then no event', () => {
  spec([created]).when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { unit: 'Unit' } }).then([]);
});

test('given an update, the next update compares against the updated state', () => {
  const updated: OperationEvent = { type: 'OperationUpdated', data: { operation_id: id, changes: { name: 'New' } } };
  spec([created, updated]).when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { name: 'New' } }).then([]);
});

test('given created, when another account updates, then forbidden', () => {
  spec([created]).when({ type: 'UpdateOperation', operation_id: id, account_id: otherAccount, changes: { name: 'x' } }).thenThrows('forbidden');
});

test('given created, when it is made its own parent, then invalid', () => {
  spec([created]).when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { parent_id: id } }).thenThrows('invalid');
});

test('given nothing, when UpdateOperation or DeleteOperation, then not found', () => {
  spec([]).when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { name: 'x' } }).thenThrows('not_found');
  spec([]).when({ type: 'DeleteOperation', operation_id: id, account_id: account }).thenThrows('not_found');
});

test('given created, when DeleteOperation, then OperationDeleted; deleted cannot be changed or deleted again', () => {
  const deleted: OperationEvent = { type: 'OperationDeleted', data: { operation_id: id } };
  spec([created]).when({ type: 'DeleteOperation', operation_id: id, account_id: account }).then([deleted]);
  spec([created, deleted]).when({ type: 'DeleteOperation', operation_id: id, account_id: account }).thenThrows('not_found');
  spec([created, deleted]).when({ type: 'UpdateOperation', operation_id: id, account_id: account, changes: { name: 'x' } }).thenThrows('not_found');
  spec([created]).when({ type: 'DeleteOperation', operation_id: id, account_id: otherAccount }).thenThrows('forbidden');
});

test('children: given created, AdmitChild records nothing; deleted, missing or another account\'s refuses', () => {
  const admit = (account_id: string) => ({ type: 'AdmitChild' as const, operation_id: id, account_id });
  const deleted: OperationEvent = { type: 'OperationDeleted', data: { operation_id: id } };
  const updated: OperationEvent = { type: 'OperationUpdated', data: { operation_id: id, changes: { name: 'New' } } };
  spec([created, updated]).when(admit(account)).then([]);
  spec([created, deleted]).when(admit(account)).thenThrows('not_found');
  spec([]).when(admit(account)).thenThrows('not_found');
  spec([created]).when(admit(otherAccount)).thenThrows('forbidden');
});

test('children: a child\'s append is conditioned on exactly the events after which AdmitChild refuses', () => {
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

test.run();
