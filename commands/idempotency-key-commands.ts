// Claims, records and releases of Idempotency-Keys (domain/idempotency-key). Claims retry on a
// concurrent write: two requests with one key both decide, one claims and the other, re-deciding on
// the newer state, finds the claim in progress.
import { idempotencyKeyDecider, type IdempotencyKeyState } from '../domain/idempotency-key/idempotency-key-decider.ts';
import { idempotencyKeyStream } from '../domain/idempotency-key/idempotency-key-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';

export interface KeyClaim {
  key_id: string;
  claim_id: string;
}

/** The key's state after the claim: in progress under `claim_id` when this request holds it. */
export async function claimIdempotencyKey(
  store: EventStore,
  ctx: CommandContext,
  claim: KeyClaim & { fingerprint: string },
): Promise<IdempotencyKeyState> {
  const result = await handleCommand({
    store,
    ctx,
    stream: idempotencyKeyStream(claim.key_id),
    decider: idempotencyKeyDecider,
    operationId: null,
    retryOnConflict: true,
    command: { type: 'ClaimIdempotencyKey', ...claim, now: ctx.now().toISOString() },
  });
  return result.state;
}

export async function recordIdempotentWrite(store: EventStore, ctx: CommandContext, claim: KeyClaim, sealed: string) {
  await handleCommand({
    store,
    ctx,
    stream: idempotencyKeyStream(claim.key_id),
    decider: idempotencyKeyDecider,
    operationId: null,
    retryOnConflict: true,
    command: { type: 'RecordIdempotentWrite', ...claim, sealed },
  });
}

export async function releaseIdempotencyKey(store: EventStore, ctx: CommandContext, claim: KeyClaim) {
  await handleCommand({
    store,
    ctx,
    stream: idempotencyKeyStream(claim.key_id),
    decider: idempotencyKeyDecider,
    operationId: null,
    retryOnConflict: true,
    command: { type: 'ReleaseIdempotencyKey', ...claim },
  });
}

export async function loadIdempotencyKey(store: EventStore, keyId: string): Promise<IdempotencyKeyState> {
  return (await loadState(store, idempotencyKeyStream(keyId), idempotencyKeyDecider)).state;
}
