// Errors that carry their HTTP answer. Bodies follow FastAPI: {"detail": "..."} or, for 422,
// {"detail": [{"loc": [...], "msg": "...", "type": "..."}]}.
export interface ValidationIssue {
  loc: Array<string | number>;
  msg: string;
  type: string;
  input?: unknown;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
    /** Fields the body carries besides `detail` (a recorded write's id and location). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; '));
    this.name = 'HttpError';
  }
}

export const validationError = (issues: ValidationIssue[]) => new HttpError(422, issues);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
