// Registering an account is idempotent: registering a known account changes nothing.
import type { Decider } from '../shared/decider.ts';
import type { AccountEvent } from './account-events.ts';

export type AccountState = { status: 'absent' } | { status: 'registered'; account_id: string; name: string };
export type AccountCommand = { type: 'RegisterAccount'; account_id: string; name: string };

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: () => ({ status: 'absent' }),
  decide(command, state) {
    if (state.status === 'registered') return [];
    return [{ type: 'AccountRegistered', data: { account_id: command.account_id, name: command.name } }];
  },
  evolve(_state, event) {
    return { status: 'registered', account_id: event.data.account_id, name: event.data.name };
  },
};
