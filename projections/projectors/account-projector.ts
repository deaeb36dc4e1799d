import type { AccountEvent } from '../../domain/account/account-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';

interface AccountRow {
  account_id: string;
  name: string;
  created_at: Date | string;
}

const ACCOUNT_EVENTS = new Set<AccountEvent['type']>(['AccountRegistered']);

export const accountProjector = foldRowsProjector<AccountRow>({
  name: 'accounts',
  table: 'accounts',
  key: 'account_id',
  keyOf: (event) => (isEventOf<AccountEvent>(event, ACCOUNT_EVENTS) ? event.data.account_id : null),
  evolve(row, event) {
    if (row || !isEventOf<AccountEvent>(event, ACCOUNT_EVENTS)) return row;
    return { account_id: event.data.account_id, name: event.data.name, created_at: event.metadata.occurred_at };
  },
});
