// `npm run create-key -- --account <name> [--name <key name>] [--lifetime-days N] [--create-database]
// [--wait-seconds N]`: bootstrap. Registers the account if it is new and prints a new API key (the only
// time it is shown). Through the running server's admin socket when one answers, else on the
// configured database (entrypoints/admin-command.ts: which must exist, and whose read models a
// shared store's projector applies). Says on stderr which socket or database it used.
import { parseArgs } from 'node:util';
import { bootstrapApiKey, type BootstrapApiKeyInput } from '../commands/bootstrap-api-key.ts';
import { ADMIN_KEYS_PATH } from '../api/admin/admin-socket-server.ts';
import { exitWithUsage, runEntrypoint } from './run-entrypoint.ts';
import {
  AdminCommandRefused,
  DEFAULT_WAIT_SECONDS,
  EXIT_NOT_YET_READABLE,
  outcomeNote,
  postToAdminSocket,
  runAdminCommand,
} from './admin-command.ts';

const usage =
  'usage: npm run create-key -- --account <name> [--name <key name>] [--lifetime-days <1..3650>] ' +
  '[--create-database] [--wait-seconds <0..3600>]';
let args;
try {
  args = parseArgs({
    options: {
      account: { type: 'string' },
      name: { type: 'string' },
      'lifetime-days': { type: 'string' },
      'create-database': { type: 'boolean' },
      'wait-seconds': { type: 'string' },
    },
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
const wait = args['wait-seconds'] ?? String(DEFAULT_WAIT_SECONDS);
if (!/^\d+$/.test(wait) || Number(wait) > 3600) {
  exitWithUsage(`--wait-seconds must be an integer from 0 to 3600\n${usage}`);
}
const options = { createDatabase: args['create-database'] ?? false, waitSeconds: Number(wait) };
const input: BootstrapApiKeyInput = {
  account,
  name: args.name ?? 'bootstrap key',
  lifetime_days: lifetime ? Number(lifetime) : null,
};

interface MintedKey {
  account_id: string;
  api_key_id: string;
  key: string;
}

await runEntrypoint(async (config) => {
  let outcome;
  try {
    outcome = await runAdminCommand<MintedKey>(
      config,
      options,
      (socket) => postToAdminSocket<MintedKey>(socket, ADMIN_KEYS_PATH, input),
      async ({ store }) => {
        const key = await bootstrapApiKey(store, input);
        const minted = { account_id: key.account_id, api_key_id: key.api_key_id, key: key.token };
        return { result: minted, position: key.position };
      },
    );
  } catch (error) {
    if (error instanceof AdminCommandRefused) exitWithUsage(`create-key: ${error.message}`);
    throw error;
  }
  const key = outcome.result;
  console.error(
    `account ${account} (${key.account_id}): new API key ${key.api_key_id} ` +
      outcomeNote(outcome, options.waitSeconds),
  );
  // The key is shown this once, whether or not its read models have it yet.
  console.log(key.key);
  if (outcome.via === 'database' && !outcome.readable) process.exitCode = EXIT_NOT_YET_READABLE;
});
