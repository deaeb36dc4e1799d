import type { DatasetName } from '../../../../domain/terrain/types.ts';
import { SourceError, unreachableCode } from '../source-provider.ts';
import { rootCause } from './root-cause.ts';

/** Error codes of the operating system and of fetch that mean "could not get at the bytes". */
const UNREACHABLE_CODES = new Set([
  'ENOENT',
  'EACCES',
  'EPERM',
  'EISDIR',
  'ENOTDIR',
  'EMFILE',
  'EIO',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Failures of http-range-client.ts whose own message is the best explanation. */
const SELF_EXPLAINING_CODES = new Set(['EHTTPSTATUS', 'ENORANGE']);

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Maps an error from opening or reading a raster to the SourceError the job reports: a SourceError
 * passes through, an abort is rethrown untouched, a file-system or network failure becomes
 * `<DATASET>_SOURCE_UNREACHABLE`, anything else (the bytes arrived but do not decode) becomes
 * INVALID_SOURCE_DATA. The message says what failed and where. `lastKnown` is the HTTP client's
 * last failure, used when geotiff.js hides the cause.
 */
export function classifyReadError(
  thrown: unknown,
  dataset: DatasetName,
  where: string,
  doing: string,
  lastKnown?: unknown,
): Error {
  const error = rootCause(thrown, lastKnown);
  if (error instanceof SourceError) return error;
  if ((error as Error)?.name === 'AbortError') return error as Error;
  const message = (error as Error)?.message ?? String(error);
  const code = errorCode(error);
  if ((error as Error)?.name === 'TimeoutError') {
    return new SourceError(unreachableCode(dataset), `${where}: cannot ${doing} (timed out)`, dataset);
  }
  if (code && SELF_EXPLAINING_CODES.has(code)) {
    return new SourceError(unreachableCode(dataset), `${where}: cannot ${doing} (${message})`, dataset);
  }
  if ((code && UNREACHABLE_CODES.has(code)) || message === 'fetch failed') {
    return new SourceError(unreachableCode(dataset), `${where}: cannot ${doing} (${code ?? message})`, dataset);
  }
  return new SourceError('INVALID_SOURCE_DATA', `${where}: cannot ${doing}: ${message}`, dataset);
}
