import { randomUUID } from 'node:crypto';
import { apiKeyDecider } from '../domain/api-key/api-key-decider.ts';
import { apiKeyStream } from '../domain/api-key/api-key-events.ts';
import { newApiKeyToken, sha256Hex } from '../domain/api-key/api-key-token.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';

export interface CreateApiKeyInput {
  account_id: string;
  name: string;
  expires_at?: string | null;
  lifetime_days?: number | null;
}

/** Creates a key; the full token is in the result and nowhere else, ever. */
export async function createApiKey(store: EventStore, ctx: CommandContext, input: CreateApiKeyInput) {
  const apiKeyId = randomUUID();
  const { token, secret, prefix } = newApiKeyToken(apiKeyId);
  const result = await handleCommand({
    store,
    ctx,
    stream: apiKeyStream(apiKeyId),
    decider: apiKeyDecider,
    operationId: null,
    command: {
      type: 'CreateApiKey',
      now: ctx.now().toISOString(),
      key: {
        api_key_id: apiKeyId,
        account_id: input.account_id,
        name: input.name,
        key_prefix: prefix,
        secret_sha256: sha256Hex(secret),
        expires_at: input.expires_at ? new Date(input.expires_at).toISOString() : null,
      },
      lifetime_days: input.lifetime_days,
    },
  });
  return { api_key_id: apiKeyId, token, position: result.position };
}

export async function revokeApiKey(store: EventStore, ctx: CommandContext, apiKeyId: string, accountId: string) {
  const result = await handleCommand({
    store,
    ctx,
    stream: apiKeyStream(apiKeyId),
    decider: apiKeyDecider,
    operationId: null,
    command: { type: 'RevokeApiKey', api_key_id: apiKeyId, account_id: accountId },
  });
  return { position: result.position };
}
