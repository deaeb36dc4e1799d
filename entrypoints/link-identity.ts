// `npm run link-identity -- --issuer <url> --subject <sub> (--account <name> | --account-id <uuid>)
// [--wait-seconds N]`: an administrator links an OpenID identity to an existing account, so its
// browser logins sign in there (before its first login, or moving it from the account its first login
// registered). Through the running server's admin socket when one answers, else on the configured
// database (entrypoints/admin-command.ts); says on stdout which socket or database it used.
import { parseArgs } from 'node:util';
import { linkIdentity } from '../commands/identity-commands.ts';
import { systemContext } from '../commands/command-context.ts';
import { ADMIN_IDENTITIES_PATH } from '../api/admin/admin-socket-server.ts';
import { identityLinkInput } from '../api/admin/link-identity-request.ts';
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
  'usage: npm run link-identity -- --issuer <OIDC issuer URL> --subject <sub> ' +
  '(--account <name> | --account-id <uuid>) [--wait-seconds <0..3600>]';
let body: Record<string, unknown>;
let waitSeconds = DEFAULT_WAIT_SECONDS;
try {
  const args = parseArgs({
    options: {
      issuer: { type: 'string' },
      subject: { type: 'string' },
      account: { type: 'string' },
      'account-id': { type: 'string' },
      'wait-seconds': { type: 'string' },
    },
    strict: true,
  }).values;
  body = { issuer: args.issuer, subject: args.subject, account: args.account, account_id: args['account-id'] };
  if (body.account === undefined) delete body.account;
  if (body.account_id === undefined) delete body.account_id;
  identityLinkInput(body);
  const wait = args['wait-seconds'] ?? String(DEFAULT_WAIT_SECONDS);
  if (!/^\d+$/.test(wait) || Number(wait) > 3600) throw new Error('--wait-seconds must be an integer from 0 to 3600');
  waitSeconds = Number(wait);
} catch (error) {
  exitWithUsage(`${(error as Error).message}\n${usage}`);
}

interface Linked {
  identity_id: string;
  account_id: string;
}

await runEntrypoint(async (config) => {
  let outcome;
  try {
    // Linking needs an account that exists: never a new database (no --create-database).
    outcome = await runAdminCommand<Linked>(
      config,
      { createDatabase: false, waitSeconds },
      (socket) => postToAdminSocket<Linked>(socket, ADMIN_IDENTITIES_PATH, body),
      async ({ store }) => {
        const { position, ...linked } = await linkIdentity(store, systemContext(), identityLinkInput(body));
        return { result: linked, position };
      },
    );
  } catch (error) {
    if (error instanceof AdminCommandRefused) exitWithUsage(`link-identity: ${error.message}`);
    throw error;
  }
  const linked = outcome.result;
  console.log(
    `identity ${linked.identity_id} now signs in to account ${linked.account_id} ` + outcomeNote(outcome, waitSeconds),
  );
  if (outcome.via === 'database' && !outcome.readable) process.exitCode = EXIT_NOT_YET_READABLE;
});
