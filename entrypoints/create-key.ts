// `npm run create-key -- --account <name> [--name <key name>] [--lifetime-days N]`: bootstrap.
// Registers the account if it is new and prints a new API key (the only time it is shown). With a
// server running on this DATA_DIR, the key is minted through its admin socket (owner-only Unix
// socket); otherwise the command opens the database itself.
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { openBackends } from '../service.ts';
import { bootstrapApiKey, type BootstrapApiKeyInput } from '../commands/bootstrap-api-key.ts';
import { catchUp } from '../projections/projection-runner.ts';
import { allProjectors } from '../projections/projectors/all-projectors.ts';
import { ADMIN_KEYS_PATH } from '../api/admin/admin-socket-server.ts';
import type { Config } from '../infra/config.ts';
import { exitWithUsage, runEntrypoint } from './run-entrypoint.ts';

const usage = 'usage: npm run create-key -- --account <name> [--name <key name>] [--lifetime-days <1..3650>]';
let args;
try {
  args = parseArgs({
    options: { account: { type: 'string' }, name: { type: 'string' }, 'lifetime-days': { type: 'string' } },
    strict: true,
  }).values;
} catch (error) {
  exitWithUsage(`${(error as Error).message}\n${usage}`);
}
const account = args.account?.trim();
if (!account) exitWithUsage(usage);
const lifetime = args['lifetime-days'];
if (lifetime !== undefined && (!/^\d+$/.test(lifetime) || Number(lifetime) < 1 || Number(lifetime) > 3650)) {
  exitWithUsage(`--lifetime-days must be an integer from 1 to 3650\n${usage}`);
}
const input: BootstrapApiKeyInput = {
  account, name: args.name ?? 'bootstrap key', lifetime_days: lifetime ? Number(lifetime) : null,
};

interface MintedKey { account_id: string; api_key_id: string; key: string }

/** The key minted by the running server, or null when no server answers on the socket. */
function mintThroughSocket(socketPath: string): Promise<MintedKey | null> {
  return new Promise((resolve, reject) => {
    const call = request({ socketPath, path: ADMIN_KEYS_PATH, method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.on('data', (chunk) => { text += chunk; });
      response.on('end', () => {
        const body = JSON.parse(text) as MintedKey & { detail?: string };
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(`the running server refused: ${body.detail ?? response.statusCode}`));
      });
    });
    // No server behind a socket file (killed, not cleaned up): open the database instead.
    call.on('error', (error: NodeJS.ErrnoException) => (['ECONNREFUSED', 'ENOENT'].includes(error.code ?? '') ? resolve(null) : reject(error)));
    call.end(JSON.stringify(input));
  });
}

async function mintDirectly(config: Config): Promise<MintedKey> {
  const backends = await openBackends({ ...config, logLevel: 'warn' });
  try {
    const key = await bootstrapApiKey(backends.store, input);
    // The projector may not be running (embedded mode with the server stopped): bring the read
    // models up to date so the key works as soon as the server starts or right now.
    await catchUp(backends.store, backends.db.knex, allProjectors);
    return { account_id: key.account_id, api_key_id: key.api_key_id, key: key.token };
  } finally {
    await backends.close();
  }
}

await runEntrypoint(async (config) => {
  const viaSocket = config.adminSocket && existsSync(config.adminSocket) ? await mintThroughSocket(config.adminSocket) : null;
  const key = viaSocket ?? await mintDirectly(config);
  const how = viaSocket ? ' (through the running server)' : '';
  console.error(`account ${account} (${key.account_id}): new API key ${key.api_key_id}${how}`);
  console.log(key.key);
});
