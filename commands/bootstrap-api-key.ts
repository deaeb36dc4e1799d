// The first key of an account (create-key, the admin socket): registers the account if it is new
// and creates a key for it. The full token is in the result and nowhere else.
import type { EventStore } from '../infra/event-store/event-store.ts';
import { registerAccount } from './account-commands.ts';
import { createApiKey } from './api-key-commands.ts';
import { systemContext } from './command-context.ts';

export interface BootstrapApiKeyInput {
  account: string;
  name: string;
  lifetime_days: number | null;
}

export async function bootstrapApiKey(store: EventStore, input: BootstrapApiKeyInput) {
  const registered = await registerAccount(store, systemContext(), input.account);
  const ctx = systemContext({ account_id: registered.account_id, api_key_id: null });
  const key = await createApiKey(store, ctx, {
    account_id: registered.account_id,
    name: input.name,
    lifetime_days: input.lifetime_days,
  });
  return { account_id: registered.account_id, api_key_id: key.api_key_id, token: key.token, position: key.position };
}
