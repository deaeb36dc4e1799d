import type { DatasetName } from '../../../../domain/terrain/types.ts';
import { SourceError, unreachableCode } from '../source-provider.ts';

/** Error codes of the operating system and of fetch that mean "could not get at the bytes". */
const UNREACHABLE_CODES = new Set([
  'ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'EMFILE', 'EIO',
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  'EPIPE', 'EHTTPSTATUS', 'ENORANGE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT',
]);

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Maps an error from opening or reading a raster to the SourceError the job reports: a SourceError
 * passes through, an abort is rethrown untouched, a file-system or network failure becomes
 * `<DATASET>_SOURCE_UNREACHABLE`, anything else (the bytes arrived but do not decode) becomes
 * INVALID_SOURCE_DATA. The message says what failed and where.
 */
export function classifyReadError(error: unknown, dataset: DatasetName, where: string, doing: string): Error {
  if (error instanceof SourceError) return error;
  if ((error as Error)?.name === 'AbortError') return error as Error;
  const message = (error as Error)?.message ?? String(error);
  const code = errorCode(error);
  const timedOut = (error as Error)?.name === 'TimeoutError';
  if ((code && UNREACHABLE_CODES.has(code)) || message === 'fetch failed' || timedOut) {
    return new SourceError(unreachableCode(dataset), `${where}: cannot ${doing} (${timedOut ? 'timed out' : code === 'EHTTPSTATUS' || code === 'ENORANGE' ? message : code ?? message})`, dataset);
  }
  return new SourceError('INVALID_SOURCE_DATA', `${where}: cannot ${doing}: ${message}`, dataset);
}
