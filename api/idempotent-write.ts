// Idempotency-Key on every POST that creates something (route spec `idempotent: true`), after
// draft-ietf-httpapi-idempotency-key-header: the handler's write runs through writeOnce, which claims
// the caller's key before writing and records what the write answered after it (both as events,
// domain/idempotency-key). A retry with the key, whether it races the first request or comes after
// it, gets that recorded write back instead of writing again, and the handler answers from it as the
// first request did. The key lives IDEMPOTENCY_KEY_LIFETIME_MS (README: Idempotency-Key).
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type Koa from 'koa';
import {
  claimIdempotencyKey,
  recordIdempotentWrite,
  releaseIdempotencyKey,
} from '../commands/idempotency-key-commands.ts';
import { uuidV5 } from '../domain/shared/uuid-v5.ts';
import type { ApiDependencies } from './api-dependencies.ts';
import { commandContextOf } from './command-context-of.ts';
import { HttpError, validationError } from './http-error.ts';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 1 to 255 visible ASCII characters (a UUID v4 is the recommended key). */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7e]{1,255}$';
const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);
/** How often a retry looks again at a key whose first request is still writing. */
const POLL_MS = 50;

/** The key's id: a name-based UUID of the account and the key (the key itself is never recorded). */
const keyIdOf = (accountId: string, key: string) => uuidV5(`idempotency-key\n${accountId}\n${key}`);

/**
 * The request as a retry must repeat it: method, path (with its parameters), query and JSON body as
 * parsed. A multipart upload's body is not part of it (documents are content-addressed already).
 */
function fingerprintOf(ctx: Koa.Context): string {
  const request = JSON.stringify([ctx.method, ctx.path, ctx.query, (ctx.request as { body?: unknown }).body ?? null]);
  return createHash('sha256').update(request).digest('hex');
}

/**
 * What a write answered is sealed (AES-256-GCM) with a key derived from the Idempotency-Key, which
 * only the client knows: the log never holds it in clear (a new API key's secret is part of it).
 */
const sealingKey = (key: string, keyId: string) => Buffer.from(hkdfSync('sha256', key, keyId, 'idempotent-write', 32));

function seal(value: unknown, key: string, keyId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(key, keyId), iv);
  const text = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64');
}

function unseal(sealed: string, key: string, keyId: string): unknown {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(key, keyId), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'));
}

/**
 * Runs `write` (the part of a creating POST that appends events) at most once per Idempotency-Key
 * of the caller's account, and answers what it returned: fresh, or as recorded by an earlier request
 * with the key (then with `Idempotent-Replayed: true`). `write` answers plain JSON (ids, positions):
 * what the handler needs to answer from the read models. Without the header, `write` just runs.
 * A write that throws writes nothing, so it releases the key and a retry runs anew.
 */
export async function writeOnce<Written>(
  ctx: Koa.Context,
  deps: ApiDependencies,
  write: () => Promise<Written>,
): Promise<Written> {
  ctx.state.wroteOnce = true;
  const key = ctx.headers['idempotency-key'];
  if (key === undefined) return write();
  if (typeof key !== 'string' || !KEY.test(key)) {
    throw validationError([
      {
        loc: ['header', IDEMPOTENCY_KEY_HEADER],
        msg: 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID, say)',
        type: 'string_pattern_mismatch',
      },
    ]);
  }
  const commandCtx = commandContextOf(ctx);
  const keyId = keyIdOf(ctx.state.principal.account_id, key);
  const fingerprint = fingerprintOf(ctx);
  const deadline = Date.now() + deps.readYourWritesTimeoutMs;
  for (;;) {
    const claim = { key_id: keyId, claim_id: randomUUID() };
    const state = await claimIdempotencyKey(deps.store, commandCtx, { ...claim, fingerprint });
    if (state.status === 'in_progress' && state.claim_id === claim.claim_id) {
      let written: Written;
      try {
        written = await write();
      } catch (error) {
        await releaseIdempotencyKey(deps.store, commandCtx, claim).catch((releaseError: unknown) => {
          deps.logger.error({ err: releaseError, key_id: keyId }, 'could not release an Idempotency-Key');
        });
        throw error;
      }
      await recordIdempotentWrite(deps.store, commandCtx, claim, seal(written, key, keyId));
      // As a retry will get it back: through JSON.
      return JSON.parse(JSON.stringify(written)) as Written;
    }
    if (state.status === 'recorded') {
      ctx.set('Idempotent-Replayed', 'true');
      return unseal(state.sealed, key, keyId) as Written;
    }
    // Another request with the key is writing: wait for its record (or its release) within the bound.
    if (Date.now() >= deadline) {
      const detail = 'A request with this Idempotency-Key is still being processed; retry it shortly';
      throw new HttpError(409, detail, { 'Retry-After': '1' });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
