// Rule violations found by deciders and command handlers; the API maps each kind to a status.
export type DomainErrorKind = 'not_found' | 'forbidden' | 'conflict' | 'invalid';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** For 'invalid': where in the request the problem is (FastAPI `loc`). */
    readonly loc?: Array<string | number>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
