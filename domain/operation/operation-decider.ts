// The operation aggregate: create, partial update, delete. Pure.
import type { Static } from '@sinclair/typebox';
import { DomainError } from '../shared/domain-error.ts';
import type { Decider } from '../shared/decider.ts';
import type { LiveParent } from '../shared/live-parent.ts';
import { requireAccess } from '../shared/require-access.ts';
import {
  operationStream,
  type OperationCreatedData,
  type OperationEvent,
  type OperationUpdatedData,
} from './operation-events.ts';

export type OperationFields = Omit<Static<typeof OperationCreatedData>, 'operation_id' | 'account_id'>;
export type OperationChanges = Static<typeof OperationUpdatedData>['changes'];

export type OperationState =
  | { status: 'absent' }
  | { status: 'active' | 'deleted'; operation_id: string; account_id: string; fields: OperationFields };

export type OperationCommand =
  | {
      type: 'CreateOperation';
      operation_id: string;
      account_id: string;
      fields: OperationFields;
      /** The operation fields.parent_id names, as loaded. */
      parent?: OperationState;
    }
  | {
      type: 'UpdateOperation';
      operation_id: string;
      account_id: string;
      changes: OperationChanges;
      /** The operation changes.parent_id names, as loaded. */
      parent?: OperationState;
    }
  | { type: 'DeleteOperation'; operation_id: string; account_id: string }
  /** Records nothing: refuses (404 / 403) unless the operation may take a new or changed child. */
  | { type: 'AdmitChild'; operation_id: string; account_id: string };

/** The events after which an operation admits no child (see AdmitChild). */
export const OPERATION_ENDED_BY: ReadonlyArray<OperationEvent['type']> = ['OperationDeleted'];

/** The operation as its children's appends are conditioned on it (domain/shared/live-parent.ts). */
export const operationAsParent = (operationId: string): LiveParent => ({
  kind: 'Operation',
  id: operationId,
  stream: operationStream(operationId),
  endedBy: OPERATION_ENDED_BY,
});

function requireOwnedActive(state: OperationState, operationId: string, accountId: string) {
  return requireAccess(state.status === 'active' ? state : null, accountId, { kind: 'Operation', id: operationId });
}

/** A parent operation must exist, be active and belong to the same account (422 otherwise). */
function requireParent(parentId: string | null | undefined, parent: OperationState | undefined, accountId: string) {
  if (!parentId) return;
  if (parent?.status !== 'active' || parent.account_id !== accountId) {
    throw new DomainError('invalid', `Parent operation ${parentId} does not exist`, ['body', 'parent_id']);
  }
}

export const operationDecider: Decider<OperationCommand, OperationEvent, OperationState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateOperation':
        requireParent(command.fields.parent_id, command.parent, command.account_id);
        if (state.status !== 'absent')
          throw new DomainError('conflict', `Operation ${command.operation_id} already exists`);
        return [
          {
            type: 'OperationCreated',
            data: { operation_id: command.operation_id, account_id: command.account_id, ...command.fields },
          },
        ];
      case 'UpdateOperation': {
        requireParent(command.changes.parent_id, command.parent, command.account_id);
        const current = requireOwnedActive(state, command.operation_id, command.account_id);
        if (command.changes.parent_id === command.operation_id) {
          throw new DomainError('invalid', 'An operation cannot be its own parent', ['body', 'parent_id']);
        }
        // Only real changes become an event; a PUT that changes nothing records nothing.
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(([k, v]) => current.fields[k as keyof OperationFields] !== v),
        ) as OperationChanges;
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'OperationUpdated', data: { operation_id: command.operation_id, changes } }];
      }
      case 'DeleteOperation':
        requireOwnedActive(state, command.operation_id, command.account_id);
        return [{ type: 'OperationDeleted', data: { operation_id: command.operation_id } }];
      case 'AdmitChild':
        // Children of a deleted operation are gone with it; none is added or changed after the deletion.
        requireOwnedActive(state, command.operation_id, command.account_id);
        return [];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'OperationCreated': {
        const { operation_id, account_id, ...fields } = event.data;
        return { status: 'active', operation_id, account_id, fields };
      }
      case 'OperationUpdated':
        if (state.status === 'absent') return state;
        return { ...state, fields: { ...state.fields, ...event.data.changes } };
      case 'OperationDeleted':
        if (state.status === 'absent') return state;
        return { ...state, status: 'deleted' };
    }
  },
};
