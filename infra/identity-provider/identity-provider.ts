// The identity-provider port: an OpenID Connect provider that signs users in for the browser.

/** What a login keeps between its start and its callback (in the signed flow cookie). */
export interface LoginFlow {
  state: string;
  nonce: string;
  code_verifier: string;
}

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
}

export interface IdentityProvider {
  /** A fresh flow and the provider URL that starts it (authorization-code flow with PKCE S256). */
  startLogin(): Promise<{ url: string; flow: LoginFlow }>;
  /**
   * Checks the provider's answer at the callback against the flow (state, nonce, issuer), exchanges
   * the code and gives the signed-in identity. `callbackQuery` is the raw query string.
   */
  completeLogin(callbackQuery: string, flow: LoginFlow): Promise<ProviderIdentity>;
  /** The provider's RP-initiated logout URL, or null when it has none (or cannot be reached). */
  endSessionUrl(): Promise<string | null>;
}

/** The provider refused the login, or its answer does not fit the flow: the user must start again. */
export class LoginRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'LoginRefusedError';
  }
}

/** The provider did not answer, or answered with a server error. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}
