import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sessionDecider, type SessionRecord } from '../../../domain/session/session-decider.ts';
import { sessionIdOfLogin, type SessionEvent } from '../../../domain/session/session-events.ts';
import { refreshDue, sessionValidity } from '../../../domain/session/session-rules.ts';
import { newSessionToken, parseSessionToken } from '../../../domain/session/session-token.ts';
import { identityDecider } from '../../../domain/identity/identity-decider.ts';
import type { AccountState } from '../../../domain/account/account-decider.ts';
import { firstLoginAccountIdOf, identityIdOf, type IdentityEvent } from '../../../domain/identity/identity-events.ts';
import { specFor } from '../../support/given-when-then.ts';

const spec = specFor(sessionDecider);
const session: SessionRecord = {
  session_id: '11111111-1111-4111-8111-111111111111',
  account_id: '22222222-2222-4222-8222-222222222222',
  identity_id: '33333333-3333-4333-8333-333333333333',
  secret_sha256: 'a'.repeat(64),
  started_at: '2026-01-01T10:00:00.000Z',
  expires_at: '2026-01-01T22:00:00.000Z',
  idle_timeout_seconds: 1800,
};
const started: SessionEvent = { type: 'SessionStarted', data: session };
const ended: SessionEvent = { type: 'SessionEnded', data: { session_id: session.session_id, reason: 'logout' } };

test('given nothing, when StartSession, then SessionStarted; a second start of one login is a conflict', () => {
  spec([]).when({ type: 'StartSession', session }).then([started]);
  spec([started])
    .when({ type: 'StartSession', session })
    .thenThrows('conflict', /already completed/);
  const instant = { ...session, expires_at: session.started_at };
  spec([]).when({ type: 'StartSession', session: instant }).thenThrows('invalid');
});

test('RefreshSession records a later time of an active session only', () => {
  const at = '2026-01-01T10:05:00.000Z';
  spec([started])
    .when({ type: 'RefreshSession', session_id: session.session_id, at })
    .then([{ type: 'SessionRefreshed', data: { session_id: session.session_id, last_seen_at: at } }]);
  const refreshed: SessionEvent = {
    type: 'SessionRefreshed',
    data: { session_id: session.session_id, last_seen_at: at },
  };
  const earlier = '2026-01-01T10:04:00.000Z';
  spec([started, refreshed]).when({ type: 'RefreshSession', session_id: session.session_id, at: earlier }).then([]);
  spec([started, ended]).when({ type: 'RefreshSession', session_id: session.session_id, at }).then([]);
  spec([]).when({ type: 'RefreshSession', session_id: session.session_id, at }).then([]);
});

test('EndSession ends an active session once (idempotent after)', () => {
  spec([started]).when({ type: 'EndSession', session_id: session.session_id, reason: 'logout' }).then([ended]);
  spec([started, ended]).when({ type: 'EndSession', session_id: session.session_id, reason: 'idle_timeout' }).then([]);
  spec([]).when({ type: 'EndSession', session_id: session.session_id, reason: 'logout' }).then([]);
});

const times = {
  expires_at: '2026-01-01T22:00:00.000Z',
  last_seen_at: '2026-01-01T10:00:00.000Z',
  idle_timeout_seconds: 1800,
};

test('validity: the absolute limit first, then the idle limit, at exact instants', () => {
  assert.is(sessionValidity(times, new Date('2026-01-01T10:29:59.999Z')), 'valid');
  assert.is(sessionValidity(times, new Date('2026-01-01T10:30:00.000Z')), 'idle_timeout');
  const late = { ...times, last_seen_at: '2026-01-01T21:59:00.000Z' };
  assert.is(sessionValidity(late, new Date('2026-01-01T21:59:59.999Z')), 'valid');
  assert.is(sessionValidity(late, new Date('2026-01-01T22:00:00.000Z')), 'max_age');
  const asDates = { ...times, last_seen_at: new Date('2026-01-01T10:00:00.000Z') };
  assert.is(sessionValidity(asDates, new Date('2026-01-01T10:00:01.000Z')), 'valid');
});

test('refresh is due after a tenth of the idle limit, at most once a minute', () => {
  assert.is(refreshDue(times, new Date('2026-01-01T10:00:59.999Z')), false);
  assert.is(refreshDue(times, new Date('2026-01-01T10:01:00.000Z')), true);
  const short = { ...times, idle_timeout_seconds: 300 };
  assert.is(refreshDue(short, new Date('2026-01-01T10:00:29.999Z')), false);
  assert.is(refreshDue(short, new Date('2026-01-01T10:00:30.000Z')), true);
});

test('session token: format and round trip; a login state gives one session id', () => {
  const { token, secret } = newSessionToken(session.session_id);
  assert.match(token, /^11111111111141118111111111111111\.[A-Za-z0-9_-]{43}$/);
  assert.equal(parseSessionToken(token), { session_id: session.session_id, secret });
  for (const bad of ['', 'x.y', `${token}x`, token.replace('.', '_'), `opk_${token}`]) {
    assert.is(parseSessionToken(bad), null, bad);
  }
  assert.is(sessionIdOfLogin('state-a'), sessionIdOfLogin('state-a'));
  assert.is.not(sessionIdOfLogin('state-a'), sessionIdOfLogin('state-b'));
});

const identity = specFor(identityDecider);
const issuer = 'https://id.example.test/realms/ops';
const identityId = identityIdOf(issuer, 'alice');
const registered = (account_id: string) => ({ status: 'registered' as const, account_id, name: 'Alice' });
const link = (
  account_id: string,
  linked_by: 'first_login' | 'administrator',
  account: AccountState = registered(account_id),
) => ({
  type: 'LinkIdentity' as const,
  identity_id: identityId,
  issuer,
  subject: 'alice',
  account_id,
  account,
  linked_by,
});
const linked = (account_id: string, linked_by: 'first_login' | 'administrator'): IdentityEvent => ({
  type: 'IdentityLinked',
  data: { identity_id: identityId, issuer, subject: 'alice', account_id, linked_by },
});
const own = firstLoginAccountIdOf(identityId);
const other = '44444444-4444-4444-8444-444444444444';

test('identity: a first login links an unlinked identity to its own account, and never relinks', () => {
  identity([])
    .when(link(own, 'first_login'))
    .then([linked(own, 'first_login')]);
  identity([linked(other, 'administrator')])
    .when(link(own, 'first_login'))
    .then([]);
  identity([linked(own, 'first_login')])
    .when(link(own, 'first_login'))
    .then([]);
});

test('identity: an administrator links to any account, moving it; the same link twice changes nothing', () => {
  identity([])
    .when(link(other, 'administrator'))
    .then([linked(other, 'administrator')]);
  identity([linked(own, 'first_login')])
    .when(link(other, 'administrator'))
    .then([linked(other, 'administrator')]);
  identity([linked(other, 'administrator')])
    .when(link(other, 'administrator'))
    .then([]);
});

test('identity: an administrator links only to a registered account (404 otherwise), linked or not', () => {
  identity([])
    .when(link(other, 'administrator', { status: 'absent' }))
    .thenThrows('not_found', new RegExp(`^Account ${other} not found$`));
  identity([linked(own, 'first_login')])
    .when(link(other, 'administrator', { status: 'absent' }))
    .thenThrows('not_found');
  identity([linked(other, 'administrator')])
    .when(link(other, 'administrator', { status: 'absent' }))
    .thenThrows('not_found');
});

test('identity ids are per issuer and subject; first-login accounts are their own', () => {
  assert.is(identityIdOf(issuer, 'alice'), identityId);
  assert.is.not(identityIdOf(issuer, 'bob'), identityId);
  assert.is.not(identityIdOf('https://other.example.test', 'alice'), identityId);
  assert.is.not(firstLoginAccountIdOf(identityId), identityId);
});

test.run();
