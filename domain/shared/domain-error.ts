// Rule violations found by deciders and command handlers; the API maps each kind to a status.
export type DomainErrorKind = 'not_found' | 'forbidden' | 'conflict' | 'invalid';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** For 'invalid': where in the request the problem is (FastAPI `loc`). */
    readonly loc?: Array<string | number>,
    /** For 'invalid': the FastAPI issue `type` (value_error unless a more precise one applies, e.g. too_long). */
    readonly issueType?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
