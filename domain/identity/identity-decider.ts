// Linking an identity to an account. A first login links only an identity nobody linked yet (a
// concurrent first login, or an administrator's earlier link, wins); an administrator may link an
// identity to any account, also moving it from the one it had.
import { DomainError } from '../shared/domain-error.ts';
import type { Decider } from '../shared/decider.ts';
import type { AccountState } from '../account/account-decider.ts';
import type { IdentityEvent, IdentityLinkSource } from './identity-events.ts';

export type IdentityState =
  | { status: 'unlinked' }
  | { status: 'linked'; identity_id: string; issuer: string; subject: string; account_id: string };

export type IdentityCommand = {
  type: 'LinkIdentity';
  identity_id: string;
  issuer: string;
  subject: string;
  account_id: string;
  /** The account linked to, as loaded: it must be registered (404 otherwise). */
  account: AccountState;
  linked_by: IdentityLinkSource;
};

function linkIdentity(command: IdentityCommand, state: IdentityState): IdentityEvent[] {
  if (command.account.status !== 'registered')
    throw new DomainError('not_found', `Account ${command.account_id} not found`);
  if (state.status === 'linked') {
    if (command.linked_by === 'first_login' || state.account_id === command.account_id) return [];
    if (state.issuer !== command.issuer || state.subject !== command.subject) {
      throw new DomainError('conflict', 'identity id does not match issuer and subject');
    }
  }
  return [
    {
      type: 'IdentityLinked',
      data: {
        identity_id: command.identity_id,
        issuer: command.issuer,
        subject: command.subject,
        account_id: command.account_id,
        linked_by: command.linked_by,
      },
    },
  ];
}

export const identityDecider: Decider<IdentityCommand, IdentityEvent, IdentityState> = {
  initialState: () => ({ status: 'unlinked' }),
  decide: (command, state) => linkIdentity(command, state),
  evolve(_state, event) {
    const { identity_id, issuer, subject, account_id } = event.data;
    return { status: 'linked', identity_id, issuer, subject, account_id };
  },
};
