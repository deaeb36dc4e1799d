// The identity-provider port over OpenID Connect (`openid-client`, certified by the OpenID
// Foundation): discovery, authorization-code flow with PKCE (S256), state and nonce, RFC 9207 `iss`
// checks, RP-initiated logout. Discovery happens at the first login, not at start-up, so a provider
// that is down makes login answer 503 rather than stopping the service; a failed discovery is retried.
import * as oidc from 'openid-client';
import {
  LoginRefusedError,
  ProviderUnavailableError,
  type IdentityProvider,
  type LoginFlow,
  type ProviderIdentity,
} from './identity-provider.ts';

export interface OpenIdConnectSettings {
  issuer: string;
  clientId: string;
  /** null: a public client (PKCE alone). */
  clientSecret: string | null;
  redirectUri: string;
  /** Where the provider sends the browser after logging out there. */
  postLogoutRedirectUri: string;
  scopes: string;
  /** Longest wait for the provider, in seconds. */
  timeoutSeconds?: number;
}

const UNAVAILABLE_CODES = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_ABORT',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
]);

/** The port's errors for what openid-client throws; programming errors pass through. */
function classify(error: unknown, step: string): Error {
  if (error instanceof oidc.AuthorizationResponseError) {
    const description = error.error_description ? ` (${error.error_description})` : '';
    return new LoginRefusedError(`The identity provider refused the login: ${error.error}${description}`, error.error);
  }
  if (error instanceof oidc.ResponseBodyError) {
    if (error.status >= 500) {
      return new ProviderUnavailableError(`the identity provider answered ${error.status} to the ${step}`);
    }
    const description = error.error_description ? ` (${error.error_description})` : '';
    const message = `The identity provider refused the ${step}: ${error.error}${description}`;
    return new LoginRefusedError(message, error.error);
  }
  if (error instanceof oidc.ClientError) {
    if (UNAVAILABLE_CODES.has(error.code ?? '')) return new ProviderUnavailableError(`${step}: ${error.message}`);
    const message = `The identity provider's answer was not accepted: ${error.message}`;
    return new LoginRefusedError(message, error.code ?? 'invalid_response');
  }
  // fetch's network failures are TypeErrors; openid-client's own argument errors carry a code.
  if (error instanceof TypeError && !(error as { code?: string }).code?.startsWith('ERR_INVALID_ARG')) {
    return new ProviderUnavailableError(`${step}: ${error.message}`);
  }
  return error as Error;
}

export function openIdConnectProvider(settings: OpenIdConnectSettings): IdentityProvider {
  const insecure = new URL(settings.issuer).protocol === 'http:';
  let configuration: Promise<oidc.Configuration> | null = null;
  const configure = () => {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret ?? undefined,
        settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
        { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: settings.timeoutSeconds ?? 10 },
      )
      .catch((error: unknown) => {
        configuration = null;
        throw classify(error, 'discovery');
      });
    return configuration;
  };

  return {
    async startLogin() {
      const config = await configure();
      const flow: LoginFlow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        code_verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scopes,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.code_verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, flow };
    },

    async completeLogin(callbackQuery, flow): Promise<ProviderIdentity> {
      const config = await configure();
      // The configured redirect URI, not the request's own URL: behind a proxy the API may see
      // another host, and the token request must repeat exactly what the authorization request sent.
      const current = new URL(settings.redirectUri);
      current.search = callbackQuery;
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw classify(error, 'code exchange');
      }
      const claims = tokens.claims()!;
      let email = typeof claims.email === 'string' ? claims.email : null;
      let name = typeof claims.name === 'string' ? claims.name : null;
      if (email === null && name === null && config.serverMetadata().userinfo_endpoint) {
        // Only for a display name: a provider that keeps these out of the ID token gives them here.
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => null);
        email = typeof info?.email === 'string' ? info.email : null;
        name = typeof info?.name === 'string' ? info.name : null;
      }
      return { issuer: claims.iss, subject: claims.sub, email, name };
    },

    async endSessionUrl() {
      const config = await configure().catch(() => null);
      if (!config?.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: settings.postLogoutRedirectUri }).href;
    },
  };
}
