// `npm run create-key -- --account <name> [--name <key name>] [--lifetime-days N]`: bootstrap.
// Registers the account if it is new and prints a new API key (the only time it is shown).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../infra/config.ts';
import { openBackends } from '../service.ts';
import { registerAccount } from './account-commands.ts';
import { createApiKey } from './api-key-commands.ts';
import { systemContext } from './command-context.ts';
import { catchUp } from '../projections/projection-runner.ts';
import { allProjectors } from '../projections/projectors/all-projectors.ts';

const usage = 'usage: npm run create-key -- --account <name> [--name <key name>] [--lifetime-days <1..3650>]';
let args;
try {
  args = parseArgs({
    options: { account: { type: 'string' }, name: { type: 'string' }, 'lifetime-days': { type: 'string' } },
    strict: true,
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const account = args.account?.trim();
if (!account) {
  console.error(usage);
  process.exit(2);
}
const lifetime = args['lifetime-days'];
if (lifetime !== undefined && (!/^\d+$/.test(lifetime) || Number(lifetime) < 1 || Number(lifetime) > 3650)) {
  console.error(`--lifetime-days must be an integer from 1 to 3650\n${usage}`);
  process.exit(2);
}

try {
  const config = loadConfig();
  const backends = await openBackends({ ...config, logLevel: 'warn' });
  try {
    const registered = await registerAccount(backends.store, systemContext(), account);
    const ctx = systemContext({ account_id: registered.account_id, api_key_id: null });
    const key = await createApiKey(backends.store, ctx, {
      account_id: registered.account_id,
      name: args.name ?? 'bootstrap key',
      lifetime_days: lifetime ? Number(lifetime) : null,
    });
    // The projector may not be running (embedded mode with the server stopped): bring the read
    // models up to date so the key works as soon as the server starts or right now.
    await catchUp(backends.store, backends.db.knex, allProjectors);
    console.error(`account ${account} (${registered.account_id}): new API key ${key.api_key_id}`);
    console.log(key.token);
  } finally {
    await backends.close();
  }
} catch (error) {
  const prefix = error instanceof ConfigError ? 'configuration error' : 'error';
  console.error(`${prefix}: ${(error as Error).message}`);
  process.exit(error instanceof ConfigError ? 2 : 1);
}
