// Reads a whole source (a file path or an http(s) URL). Anything that stops the bytes arriving —
// a missing file, a refused connection, a non-2xx answer — is the dataset's *_SOURCE_UNREACHABLE.
import { readFile } from 'node:fs/promises';
import type { DatasetName } from '../../../../domain/terrain/types.ts';
import { SourceError, unreachableCode } from '../source-provider.ts';
import { isHttpLocation } from './is-http-location.ts';

export async function readLocationBytes(
  location: string,
  dataset: DatasetName,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  try {
    if (!isHttpLocation(location)) {
      const buffer = await readFile(location, { signal });
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    }
    const response = await fetch(location, { signal });
    if (!response.ok) {
      throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
    }
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new SourceError(unreachableCode(dataset), `cannot read ${dataset} source ${location}: ${reason}`, dataset);
  }
}
