import type { Projector } from '../projector.ts';
import type { OperationEvent } from '../../domain/operation/operation-events.ts';

export const operationProjector: Projector = {
  name: 'operations',
  async apply(trx, event) {
    const e = event as unknown as OperationEvent;
    const at = event.metadata.occurred_at;
    switch (e.type) {
      case 'OperationCreated': {
        const { operation_id, ...fields } = e.data;
        await trx('operations')
          .insert({ operation_id, ...fields, revision: event.revision, created_at: at, updated_at: at, deleted_at: null })
          .onConflict('operation_id').ignore();
        return;
      }
      case 'OperationUpdated':
        await trx('operations').where({ operation_id: e.data.operation_id })
          .update({ ...e.data.changes, revision: event.revision, updated_at: at });
        return;
      case 'OperationDeleted':
        await trx('operations').where({ operation_id: e.data.operation_id })
          .update({ revision: event.revision, updated_at: at, deleted_at: at });
        return;
    }
  },
};
