// A real OpenID provider for the browser-login tests: oidc-provider on a loopback port, with its
// development login pages (any login name becomes the subject), PKCE required, and one client whose
// redirect URI is the service's callback. `browse` drives those pages over HTTP as a browser would.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const OIDC_CLIENT = {
  client_id: 'ops-web',
  client_secret: 'test-client-secret-0123456789abcdef0123456789',
  /** Where the provider sends the browser back; the tests carry that request to the service. */
  redirect_uri: 'http://api.ops.test/api/auth/callback',
  web_app_url: 'http://app.ops.test',
};

export interface OidcTestProvider {
  issuer: string;
  /** The service settings for this provider. */
  env: Record<string, string>;
  /** Stops answering (the provider is down) and closes. */
  close(): Promise<void>;
}

export async function startOidcTestProvider(): Promise<OidcTestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.client_id,
        client_secret: OIDC_CLIENT.client_secret,
        redirect_uris: [OIDC_CLIENT.redirect_uri],
        post_logout_redirect_uris: [OIDC_CLIENT.web_app_url],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@example.test`, email_verified: true, name: `User ${sub}` }),
    }),
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.client_id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.client_secret,
      OIDC_REDIRECT_URI: OIDC_CLIENT.redirect_uri,
      WEB_APP_URL: OIDC_CLIENT.web_app_url,
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A cookie jar per host, enough for the provider's and the service's cookies. */
export class CookieJar {
  private readonly hosts = new Map<string, Map<string, string>>();

  store(url: string, headers: Headers): void {
    const host = new URL(url).host;
    const jar = this.hosts.get(host) ?? new Map<string, string>();
    this.hosts.set(host, jar);
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired =
        attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) <= Date.now()) ||
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  header(url: string): string {
    return [...(this.hosts.get(new URL(url).host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(url: string, name: string): string | undefined {
    return this.hosts.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    this.hosts.set(host, (this.hosts.get(host) ?? new Map()).set(name, value));
  }

  delete(url: string, name: string): void {
    this.hosts.get(new URL(url).host)?.delete(name);
  }
}

/** One request as a browser sends it: the jar's cookies, no automatic redirects. */
export async function browserFetch(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, response.headers);
  return response;
}

const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
const decodeHtml = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/g, '/')
    .replace(/&#x3D;/g, '=')
    .replace(/&quot;/g, '"');

/**
 * Follows the provider's pages from an authorization URL until it redirects to the client's redirect
 * URI, and answers that URL. `action` says what the user does on the login page: sign in as
 * `subject` (consenting when asked), or abort.
 */
export async function browse(
  jar: CookieJar,
  authorizationUrl: string,
  action: { login: string } | 'abort',
): Promise<URL> {
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    const response = await browserFetch(jar, url, init);
    init = {};
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, url);
      await response.body?.cancel();
      if (next.href.startsWith(OIDC_CLIENT.redirect_uri)) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) {
      throw new Error(`provider answered ${response.status} at ${url}: ${html.slice(0, 300)}`);
    }
    if (action === 'abort') {
      const abort = /<a href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error(`no abort link at ${url}`);
      url = new URL(decodeHtml(abort), url).href;
      continue;
    }
    const form = /<form[^>]*>/.exec(html)?.[0];
    if (!form) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const input of html.matchAll(/<input[^>]*>/g)) {
      const name = attribute(input[0], 'name');
      if (!name) continue;
      if (name === 'login') fields.set(name, action.login);
      else if (name === 'password') fields.set(name, 'any password');
      else fields.set(name, decodeHtml(attribute(input[0], 'value') ?? ''));
    }
    url = new URL(decodeHtml(attribute(form, 'action')!), url).href;
    init = { method: 'POST', body: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the provider did not redirect back within 20 steps');
}
