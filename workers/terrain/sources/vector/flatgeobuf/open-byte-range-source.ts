// Random access to a file or an http(s) URL by byte ranges: what a FlatGeobuf reader needs to use
// the file's spatial index instead of downloading it whole. Over HTTP each read is one GET with a
// Range header; a server that ignores Range (200 with the whole body) still works, only slowly.
import { open } from 'node:fs/promises';
import { isHttpLocation } from '../is-http-location.ts';

export interface ByteRangeSource {
  /** Bytes [offset, offset + length) or fewer at the end of the source. */
  read(offset: number, length: number, signal?: AbortSignal): Promise<Uint8Array>;
  /** Total size in bytes (one stat or HEAD the first time). */
  size(signal?: AbortSignal): Promise<number>;
}

export class ByteRangeError extends Error {
  constructor(
    message: string,
    readonly unreachable: boolean,
  ) {
    super(message);
    this.name = 'ByteRangeError';
  }
}

function fileSource(path: string): ByteRangeSource {
  return {
    async read(offset, length) {
      const handle = await open(path, 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async size() {
      const handle = await open(path, 'r');
      try {
        return (await handle.stat()).size;
      } finally {
        await handle.close();
      }
    },
  };
}

function httpSource(url: string): ByteRangeSource {
  let knownSize: number | null = null;
  const request = async (init: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      const reason = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
      throw new ByteRangeError(reason, true);
    }
    if (!response.ok)
      throw new ByteRangeError(`HTTP ${response.status} ${response.statusText}`.trim(), response.status !== 416);
    return response;
  };
  return {
    async read(offset, length, signal) {
      const response = await request({ headers: { Range: `bytes=${offset}-${offset + length - 1}` }, signal });
      const body = new Uint8Array(await response.arrayBuffer());
      if (response.status === 206) {
        const total = /\/(\d+)\s*$/.exec(response.headers.get('content-range') ?? '')?.[1];
        if (total) knownSize = Number(total);
        return body;
      }
      knownSize = body.length;
      return body.subarray(offset, offset + length);
    },
    async size(signal) {
      if (knownSize === null) {
        const response = await request({ method: 'HEAD', signal });
        const length = Number(response.headers.get('content-length'));
        if (!Number.isFinite(length) || length <= 0) throw new ByteRangeError('server sent no Content-Length', false);
        knownSize = length;
      }
      return knownSize;
    },
  };
}

/** A ByteRangeSource over a local path or an http(s) URL. Nothing is opened until the first read. */
export function openByteRangeSource(location: string): ByteRangeSource {
  return isHttpLocation(location) ? httpSource(location) : fileSource(location);
}
