// The local admin channel: an HTTP server on a Unix socket that only the machine's user who runs the
// service can open (mode 0600), so `npm run create-key` works while the server holds the embedded
// database. It mints keys and links OpenID identities to accounts (`npm run link-identity`), nothing
// else; the TCP API has no route that does either without a key.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { bootstrapApiKey } from '../../commands/bootstrap-api-key.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { ReadModelWaiter } from '../../projections/read-model-waiter.ts';
import { linkIdentityRequest } from './link-identity-request.ts';

export const ADMIN_KEYS_PATH = '/keys';
export const ADMIN_IDENTITIES_PATH = '/identities';
const MAX_REQUEST_BYTES = 4096;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) {
    text += chunk;
    if (text.length > MAX_REQUEST_BYTES) throw new Error('request too large');
  }
  const value = JSON.parse(text) as unknown;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('body must be a JSON object');
  return value as Record<string, unknown>;
}

function keyRequest(body: Record<string, unknown>) {
  const account = typeof body.account === 'string' ? body.account.trim() : '';
  const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : 'bootstrap key';
  const lifetime = body.lifetime_days ?? null;
  if (!account || account.length > 200) throw new Error('account must be 1–200 characters');
  if (name.length > 200) throw new Error('name must be at most 200 characters');
  if (lifetime !== null && !(Number.isInteger(lifetime) && (lifetime as number) >= 1 && (lifetime as number) <= 3650)) {
    throw new Error('lifetime_days must be an integer from 1 to 3650');
  }
  return { account, name, lifetime_days: lifetime as number | null };
}

export async function startAdminSocket(path: string, store: EventStore, waiter: ReadModelWaiter): Promise<Server> {
  // The embedded lock makes this process the only owner of DATA_DIR: a socket file left there by a
  // killed server is stale.
  if (existsSync(path)) rmSync(path, { force: true });
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && request.url === ADMIN_IDENTITIES_PATH)
      return linkIdentityRequest(() => readJson(request), answer, store, waiter);
    if (request.method !== 'POST' || request.url !== ADMIN_KEYS_PATH) return answer(404, { detail: 'Not Found' });
    let input;
    try {
      input = keyRequest(await readJson(request));
    } catch (error) {
      return answer(422, { detail: (error as Error).message });
    }
    try {
      const key = await bootstrapApiKey(store, input);
      if (key.position !== null) await waiter.waitFor(key.position, 10_000);
      answer(200, { account_id: key.account_id, api_key_id: key.api_key_id, key: key.token });
    } catch (error) {
      answer(500, { detail: (error as Error).message });
    }
  });
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
  } finally {
    process.umask(previous);
  }
  chmodSync(path, 0o600);
  return server;
}
