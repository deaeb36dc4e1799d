// Which account an OpenID identity signs in to: its first login registers an account of its own;
// an administrator may link an identity to an existing account (before or after its first login).
import { accountDecider } from '../domain/account/account-decider.ts';
import { accountStream } from '../domain/account/account-events.ts';
import { identityDecider } from '../domain/identity/identity-decider.ts';
import { firstLoginAccountIdOf, identityIdOf, identityStream } from '../domain/identity/identity-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';

export interface IdentityClaims {
  issuer: string;
  subject: string;
  /** A name for the account a first login registers (email, name or subject, as the provider gives). */
  display_name: string;
}

const maxPosition = (...positions: Array<number | null>) =>
  positions.reduce<number | null>((a, b) => (b === null ? a : a === null ? b : Math.max(a, b)), null);

/** The account of an identity, registering one at its first login. */
export async function accountForIdentity(store: EventStore, ctx: CommandContext, claims: IdentityClaims) {
  const identityId = identityIdOf(claims.issuer, claims.subject);
  const known = await loadState(store, identityStream(identityId), identityDecider);
  if (known.state.status === 'linked') {
    return { identity_id: identityId, account_id: known.state.account_id, position: null };
  }
  const accountId = firstLoginAccountIdOf(identityId);
  const registered = await handleCommand({
    store,
    ctx,
    stream: accountStream(accountId),
    decider: accountDecider,
    operationId: null,
    retryOnConflict: true,
    command: { type: 'RegisterAccount', account_id: accountId, name: claims.display_name.slice(0, 200) },
  });
  const linked = await handleCommand({
    store,
    ctx,
    stream: identityStream(identityId),
    decider: identityDecider,
    operationId: null,
    retryOnConflict: true,
    command: {
      type: 'LinkIdentity',
      identity_id: identityId,
      issuer: claims.issuer,
      subject: claims.subject,
      account_id: accountId,
      account: registered.state,
      linked_by: 'first_login',
    },
  });
  // A concurrent first login or an administrator may have linked it first: theirs stands.
  if (linked.state.status !== 'linked') throw new Error('identity not linked after LinkIdentity');
  const position = maxPosition(registered.position, linked.position);
  return { identity_id: identityId, account_id: linked.state.account_id, position };
}

/** An administrator links an identity to an existing account (sessions started later sign in there). */
export async function linkIdentity(
  store: EventStore,
  ctx: CommandContext,
  input: { issuer: string; subject: string; account_id: string },
) {
  const account = await loadState(store, accountStream(input.account_id), accountDecider);
  const identityId = identityIdOf(input.issuer, input.subject);
  const result = await handleCommand({
    store,
    ctx,
    stream: identityStream(identityId),
    decider: identityDecider,
    operationId: null,
    retryOnConflict: true,
    command: {
      type: 'LinkIdentity',
      identity_id: identityId,
      issuer: input.issuer,
      subject: input.subject,
      account_id: input.account_id,
      account: account.state,
      linked_by: 'administrator',
    },
  });
  return { identity_id: identityId, account_id: input.account_id, position: result.position };
}
