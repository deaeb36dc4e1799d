import { BaseClient, BaseResponse } from 'geotiff';

/** Validators of the remote file, taken from the latest response that carried them. */
export interface RemoteFileVersion {
  etag: string | null;
  lastModified: string | null;
  /** Total size from Content-Range or Content-Length. */
  size: number | null;
}

/** An HTTP failure with the status kept, so callers can tell "missing" (404) from "down". */
export class HttpStatusError extends Error {
  /** 416 (range beyond the end) means the file is shorter than its own header says: corrupt. */
  readonly code: 'EHTTPSTATUS' | 'EHTTPRANGE';
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`HTTP ${status} from ${url}`);
    this.code = status === 416 ? 'EHTTPRANGE' : 'EHTTPSTATUS';
    this.name = 'HttpStatusError';
  }
}

/** The server answered a Range request with the whole file: unusable for a large COG. */
export class RangeNotSupportedError extends Error {
  readonly code = 'ENORANGE';
  constructor(readonly url: string) {
    super(`${url} ignores HTTP Range requests (answered 200 with the whole file)`);
    this.name = 'RangeNotSupportedError';
  }
}

class FetchedResponse extends BaseResponse {
  constructor(private readonly response: Response) {
    super();
  }
  override get status(): number {
    return this.response.status;
  }
  override getHeader(name: string): string | undefined {
    return this.response.headers.get(name) ?? undefined;
  }
  override async getData(): Promise<ArrayBuffer> {
    return this.response.arrayBuffer();
  }
}

/**
 * geotiff.js client over fetch that (1) fails with the HTTP status instead of geotiff's bare
 * "Error fetching data.", (2) refuses servers that ignore Range, (3) bounds every request with a
 * timeout, and (4) remembers the file's ETag / Last-Modified / size for the provider fingerprint.
 */
export class HttpRangeClient extends BaseClient {
  version: RemoteFileVersion = { etag: null, lastModified: null, size: null };
  /** The latest failed request (geotiff's block cache hides it behind "Request failed"). */
  lastError: Error | null = null;

  constructor(
    url: string,
    private readonly timeoutMs = 30_000,
  ) {
    super(url);
  }

  override async request(
    options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<BaseResponse> {
    try {
      const response = await this.send(options);
      this.lastError = null;
      return response;
    } catch (error) {
      this.lastError = error as Error;
      throw error;
    }
  }

  private async send(options: { headers?: Record<string, string>; signal?: AbortSignal }): Promise<BaseResponse> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const response = await fetch(this.url, { headers: options.headers, signal });
    if (!response.ok) {
      await response.body?.cancel();
      throw new HttpStatusError(response.status, this.url);
    }
    if (options.headers?.Range && response.status !== 206) {
      await response.body?.cancel();
      throw new RangeNotSupportedError(this.url);
    }
    this.remember(response);
    return new FetchedResponse(response);
  }

  /** A HEAD request for the file's validators (used to refresh the fingerprint). */
  async head(signal?: AbortSignal): Promise<RemoteFileVersion> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const response = await fetch(this.url, {
      method: 'HEAD',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) throw new HttpStatusError(response.status, this.url);
    this.remember(response);
    return this.version;
  }

  private remember(response: Response): void {
    const range = response.headers.get('content-range');
    const total = range ? Number(/\/(\d+)\s*$/.exec(range)?.[1]) : Number(response.headers.get('content-length'));
    this.version = {
      etag: response.headers.get('etag') ?? this.version.etag,
      lastModified: response.headers.get('last-modified') ?? this.version.lastModified,
      size: Number.isFinite(total) && total > 0 ? total : this.version.size,
    };
  }
}
