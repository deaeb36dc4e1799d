// `npm run link-identity -- --issuer <url> --subject <sub> (--account <name> | --account-id <uuid>)`:
// an administrator links an OpenID identity to an existing account, so its browser logins sign in
// there (before its first login, or moving it from the account its first login registered). Through
// the running server's admin socket when one answers, else on the database directly.
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { openBackends } from '../service.ts';
import { linkIdentity } from '../commands/identity-commands.ts';
import { systemContext } from '../commands/command-context.ts';
import { catchUp } from '../projections/projection-runner.ts';
import { allProjectors } from '../projections/projectors/all-projectors.ts';
import { ADMIN_IDENTITIES_PATH } from '../api/admin/admin-socket-server.ts';
import { identityLinkInput } from '../api/admin/link-identity-request.ts';
import { exitWithUsage, runEntrypoint } from './run-entrypoint.ts';

const usage = 'usage: npm run link-identity -- --issuer <OIDC issuer URL> --subject <sub> '
  + '(--account <name> | --account-id <uuid>)';
let body: Record<string, unknown>;
try {
  const args = parseArgs({
    options: {
      issuer: { type: 'string' }, subject: { type: 'string' },
      account: { type: 'string' }, 'account-id': { type: 'string' },
    },
    strict: true,
  }).values;
  body = { issuer: args.issuer, subject: args.subject, account: args.account, account_id: args['account-id'] };
  if (body.account === undefined) delete body.account;
  if (body.account_id === undefined) delete body.account_id;
  identityLinkInput(body);
} catch (error) {
  exitWithUsage(`${(error as Error).message}\n${usage}`);
}

interface Linked { identity_id: string; account_id: string }

/** The link made by the running server, or null when no server answers on the socket. */
function linkThroughSocket(socketPath: string): Promise<Linked | null> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json' };
    const options = { socketPath, path: ADMIN_IDENTITIES_PATH, method: 'POST', headers };
    const call = request(options, (response) => {
      let text = '';
      response.on('data', (chunk) => { text += chunk; });
      response.on('end', () => {
        const answer = JSON.parse(text) as Linked & { detail?: string };
        if (response.statusCode === 200) resolve(answer);
        else reject(new Error(`the running server refused: ${answer.detail ?? response.statusCode}`));
      });
    });
    // No server behind a socket file (killed, not cleaned up): open the database instead.
    call.on('error', (error: NodeJS.ErrnoException) =>
      (['ECONNREFUSED', 'ENOENT'].includes(error.code ?? '') ? resolve(null) : reject(error)));
    call.end(JSON.stringify(body));
  });
}

await runEntrypoint(async (config) => {
  const viaSocket = config.adminSocket && existsSync(config.adminSocket)
    ? await linkThroughSocket(config.adminSocket)
    : null;
  let linked = viaSocket;
  if (!linked) {
    const backends = await openBackends({ ...config, logLevel: 'warn' });
    try {
      linked = await linkIdentity(backends.store, systemContext(), identityLinkInput(body));
      await catchUp(backends.store, backends.db.knex, allProjectors);
    } finally {
      await backends.close();
    }
  }
  const how = viaSocket ? ' (through the running server)' : '';
  console.log(`identity ${linked.identity_id} now signs in to account ${linked.account_id}${how}`);
});
