// Maps every failure to a FastAPI-shaped body. Anything unexpected is a 500 with a generic body
// and a log line; the tests treat any 500 as a bug.
import type Koa from 'koa';
import type { Logger } from 'pino';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { WrongExpectedRevisionError } from '../../infra/event-store/event-store.ts';
import { HttpError } from '../http-error.ts';
import { StorageUnavailableError } from '../../infra/document-storage/document-storage.ts';

const DOMAIN_STATUS = { not_found: 404, forbidden: 403, conflict: 409, invalid: 422 } as const;

function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) {
    if (error.kind === 'invalid') {
      return new HttpError(422, [
        { loc: error.loc ?? ['body'], msg: error.message, type: error.issueType ?? 'value_error' },
      ]);
    }
    return new HttpError(DOMAIN_STATUS[error.kind], error.message);
  }
  if (error instanceof WrongExpectedRevisionError)
    return new HttpError(409, 'The resource was changed concurrently; retry');
  if (error instanceof StorageUnavailableError)
    return new HttpError(503, `Document storage is unavailable: ${error.message}`, { 'Retry-After': '5' });
  const status =
    (error as { status?: number; statusCode?: number })?.status ?? (error as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // koa-body and Koa's own errors: body too large, unsupported media type, malformed JSON.
    const message = (error as Error).message || 'Bad request';
    if (status === 400 || status === 422) {
      return new HttpError(422, [{ loc: ['body'], msg: `JSON decode error: ${message}`, type: 'json_invalid' }]);
    }
    return new HttpError(status, message);
  }
  return null;
}

export function errorMapper(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { detail: 'Not Found' };
      } else if (ctx.status === 405 && (ctx.body === undefined || typeof ctx.body === 'string')) {
        ctx.body = { detail: 'Method Not Allowed' };
      }
    } catch (error) {
      const http = toHttpError(error);
      if (http) {
        ctx.status = http.status;
        ctx.set(http.headers);
        ctx.body = { detail: http.detail, ...http.extra };
        return;
      }
      logger.error({ err: error, method: ctx.method, url: ctx.url }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { detail: 'Internal Server Error' };
    }
  };
}
