// The context a worker's commands carry: the job's requester as the writer of record (null for work
// no one asked for, such as generated maps), events correlated to the job.
import type { CommandContext, Principal } from '../../commands/command-context.ts';

export function jobContext(
  requester: { account_id: string; api_key_id?: string | null } | null,
  correlationId: string,
): CommandContext {
  const principal: Principal | null = requester
    ? { account_id: requester.account_id, api_key_id: requester.api_key_id ?? null }
    : null;
  return { principal, correlation_id: correlationId, causation_id: null, now: () => new Date() };
}
