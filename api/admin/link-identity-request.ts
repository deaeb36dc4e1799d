// `POST /identities` on the admin socket: link an OpenID identity (issuer + subject) to an existing
// account, named by `account` (the name create-key registered) or `account_id`. From then on that
// identity's logins sign in to that account; sessions it already has keep their account.
import { linkIdentity } from '../../commands/identity-commands.ts';
import { systemContext } from '../../commands/command-context.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { uuidV5 } from '../../domain/shared/uuid-v5.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { ReadModelWaiter } from '../../projections/read-model-waiter.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface IdentityLinkInput {
  issuer: string;
  subject: string;
  account_id: string;
}

/** The request's fields, checked; throws with the reason. */
export function identityLinkInput(body: Record<string, unknown>): IdentityLinkInput {
  const text = (name: string, max: number) => {
    const value = body[name];
    if (typeof value !== 'string' || !value.trim() || value.length > max) {
      throw new Error(`${name} must be 1–${max} characters`);
    }
    return value.trim();
  };
  const issuer = text('issuer', 2000);
  try {
    new URL(issuer);
  } catch {
    throw new Error("issuer must be the provider's issuer URL (OIDC_ISSUER)");
  }
  const subject = text('subject', 255);
  if ((body.account === undefined) === (body.account_id === undefined)) {
    throw new Error('give account (a name) or account_id');
  }
  // Accounts registered by name (create-key) have a name-based id, as registerAccount derives it.
  const accountId =
    body.account !== undefined ? uuidV5(`account:${text('account', 200)}`) : text('account_id', 36).toLowerCase();
  if (!UUID.test(accountId)) throw new Error('account_id must be a UUID');
  return { issuer, subject, account_id: accountId };
}

type Answer = (status: number, body: unknown) => void;

export async function linkIdentityRequest(
  readBody: () => Promise<Record<string, unknown>>,
  answer: Answer,
  store: EventStore,
  waiter: ReadModelWaiter,
): Promise<void> {
  let input: IdentityLinkInput;
  try {
    input = identityLinkInput(await readBody());
  } catch (error) {
    return answer(422, { detail: (error as Error).message });
  }
  try {
    const linked = await linkIdentity(store, systemContext(), input);
    if (linked.position !== null) await waiter.waitFor(linked.position, 10_000);
    answer(200, linked);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return answer(404, { detail: error.message });
    answer(500, { detail: (error as Error).message });
  }
}
