import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiKeyDecider, type ApiKeyRecord } from '../../../domain/api-key/api-key-decider.ts';
import type { ApiKeyEvent } from '../../../domain/api-key/api-key-events.ts';
import { newApiKeyToken, parseApiKeyToken, secretMatches, sha256Hex } from '../../../domain/api-key/api-key-token.ts';
import { accountDecider } from '../../../domain/account/account-decider.ts';
import { uuidV5 } from '../../../domain/shared/uuid-v5.ts';
import { specFor } from '../../support/given-when-then.ts';

const spec = specFor(apiKeyDecider);
const key: ApiKeyRecord = {
  api_key_id: '11111111-1111-4111-8111-111111111111',
  account_id: '22222222-2222-4222-8222-222222222222',
  name: 'k',
  key_prefix: 'opk_11111111',
  secret_sha256: 'a'.repeat(64),
  expires_at: null,
};
const created: ApiKeyEvent = { type: 'ApiKeyCreated', data: key };

test('given nothing, when CreateApiKey, then ApiKeyCreated', () => {
  spec([]).when({ type: 'CreateApiKey', key, now: '2026-01-01T00:00:00.000Z' }).then([created]);
});

test('an expiry in the past is invalid', () => {
  spec([])
    .when({
      type: 'CreateApiKey',
      key: { ...key, expires_at: '2025-01-01T00:00:00.000Z' },
      now: '2026-01-01T00:00:00.000Z',
    })
    .thenThrows('invalid');
});

test('lifetime_days: the key expires that many days after now; not both it and expires_at', () => {
  const now = '2026-01-01T00:00:00.000Z';
  spec([])
    .when({ type: 'CreateApiKey', key: { ...key, expires_at: null }, lifetime_days: 30, now })
    .then([{ type: 'ApiKeyCreated', data: { ...key, expires_at: '2026-01-31T00:00:00.000Z' } }]);
  spec([])
    .when({ type: 'CreateApiKey', key: { ...key, expires_at: '2026-06-01T00:00:00.000Z' }, lifetime_days: 30, now })
    .thenThrows('invalid', /^Give expires_at or lifetime_days, not both$/);
  spec([])
    .when({ type: 'CreateApiKey', key: { ...key, expires_at: '2026-06-01T00:00:00.000Z' }, lifetime_days: null, now })
    .then([{ type: 'ApiKeyCreated', data: { ...key, expires_at: '2026-06-01T00:00:00.000Z' } }]);
});

test('revoke: own key once; another account or a revoked key is not found', () => {
  const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { api_key_id: key.api_key_id } };
  spec([created])
    .when({ type: 'RevokeApiKey', api_key_id: key.api_key_id, account_id: key.account_id })
    .then([revoked]);
  spec([created, revoked])
    .when({ type: 'RevokeApiKey', api_key_id: key.api_key_id, account_id: key.account_id })
    .thenThrows('not_found');
  spec([created])
    .when({ type: 'RevokeApiKey', api_key_id: key.api_key_id, account_id: '33333333-3333-4333-8333-333333333333' })
    .thenThrows('not_found');
  spec([])
    .when({ type: 'RevokeApiKey', api_key_id: key.api_key_id, account_id: key.account_id })
    .thenThrows('not_found');
});

test('token: format, parse round trip, constant-time match', () => {
  const { token, secret, prefix } = newApiKeyToken(key.api_key_id);
  assert.match(token, /^opk_11111111111141118111111111111111_[A-Za-z0-9_-]{43}$/);
  assert.is(prefix, 'opk_11111111');
  const parsed = parseApiKeyToken(token)!;
  assert.is(parsed.api_key_id, key.api_key_id);
  assert.is(parsed.secret, secret);
  assert.ok(secretMatches(secret, sha256Hex(secret)));
  assert.not.ok(secretMatches(`${secret.slice(0, -1)}x`, sha256Hex(secret)));
  assert.is(parseApiKeyToken(`${token}x`), null);
  assert.is(parseApiKeyToken('opk_zz_abc'), null);
  assert.is(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test('accounts: registration is idempotent and ids are name-based UUIDs (RFC 4122 v5)', () => {
  // Reference value of the RFC 4122 DNS namespace example used by every uuid library.
  assert.is(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'), '2ed6657d-e927-568b-95e1-2665a8aea6a2');
  const id = uuidV5('account:acme');
  assert.is(uuidV5('account:acme'), id);
  const events = accountDecider.decide(
    { type: 'RegisterAccount', account_id: id, name: 'acme' },
    accountDecider.initialState(),
  );
  assert.is(events.length, 1);
  const state = accountDecider.evolve(accountDecider.initialState(), events[0]!);
  assert.equal(accountDecider.decide({ type: 'RegisterAccount', account_id: id, name: 'acme' }, state), []);
});

test.run();
