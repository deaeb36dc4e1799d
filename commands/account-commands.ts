import { accountDecider } from '../domain/account/account-decider.ts';
import { accountStream } from '../domain/account/account-events.ts';
import { uuidV5 } from '../domain/shared/uuid-v5.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';

/** Registers the account called `name` (idempotent: its id is derived from the name). */
export async function registerAccount(store: EventStore, ctx: CommandContext, name: string) {
  const accountId = uuidV5(`account:${name}`);
  const result = await handleCommand({
    store,
    ctx,
    stream: accountStream(accountId),
    decider: accountDecider,
    operationId: null,
    retryOnConflict: true,
    command: { type: 'RegisterAccount', account_id: accountId, name },
  });
  return { account_id: accountId, position: result.position };
}
