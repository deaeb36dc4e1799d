// Document storage on S3-compatible object storage (AWS S3, MinIO, Ceph RGW): puts stream through
// the SDK's multipart uploader (at most queueSize × partSize bytes buffered per upload), downloads
// are presigned GETs that carry the original name and the sniffed type as response overrides.
// The server not answering, or the bucket missing, is StorageUnavailableError (503 at the API).
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { StorageUnavailableError, validateStorageKey, type DocumentStorage } from './document-storage.ts';
import { contentDisposition } from '../../domain/document/content-disposition.ts';
import { hashingBody } from './hashing-body.ts';

export interface S3StorageOptions {
  /** Endpoint of a non-AWS server (MinIO, Ceph RGW, s3rver); absent for AWS S3. */
  endpoint?: string;
  /** Where clients reach the server when that differs from `endpoint` (e.g. http://minio:9000 inside
   * a compose network, https://files.example.org outside): presigned URLs are signed for this host. */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  /** Absent: the AWS default credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path rather than the host name (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ECONNABORTED',
]);

/** The error as StorageUnavailableError when the server or bucket is the cause; else unchanged. */
function unavailable(error: unknown, bucket: string): unknown {
  if (error instanceof StorageUnavailableError) return error;
  const e = error as {
    name?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
    cause?: { code?: string };
  };
  if (e?.name === 'NoSuchBucket' || (e?.name === 'NotFound' && e.$metadata?.httpStatusCode === 404)) {
    return new StorageUnavailableError(`bucket ${bucket} does not exist`, { cause: error });
  }
  const code = e?.code ?? e?.cause?.code;
  if ((code && NETWORK_CODES.has(code)) || e?.name === 'TimeoutError' || (e?.$metadata?.httpStatusCode ?? 0) >= 500) {
    return new StorageUnavailableError(`the object storage does not answer (${code ?? e?.name})`, { cause: error });
  }
  return error;
}

export function createS3DocumentStorage(options: S3StorageOptions): DocumentStorage {
  const { bucket } = options;
  const clientFor = (endpoint: string | undefined) =>
    new S3Client({
      endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
    });
  const client = clientFor(options.endpoint);
  // Presigning is local computation: a client for the public host only signs, never connects.
  const presigner = options.publicEndpoint ? clientFor(options.publicEndpoint) : client;
  const fail = (error: unknown): never => {
    throw unavailable(error, bucket);
  };

  return {
    kind: 's3',
    async put(key, body, { contentType, signal }) {
      validateStorageKey(key);
      signal?.throwIfAborted();
      const hashing = hashingBody(body);
      const upload = new Upload({
        client,
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
        params: { Bucket: bucket, Key: key, Body: Readable.from(hashing.bytes), ContentType: contentType },
      });
      const onAbort = () => {
        void upload.abort().catch(() => undefined);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        await upload.done();
      } catch (error) {
        // A single-part put that failed after the bytes arrived, or an abort racing completion.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);
        if (signal?.aborted && signal.reason !== undefined) throw signal.reason;
        fail(error);
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
      if (signal?.aborted) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);
        throw signal.reason;
      }
      return hashing.result();
    },
    async get(key) {
      validateStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
        return fail(error);
      }
    },
    async delete(key) {
      validateStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(fail);
    },
    list(prefix) {
      return (async function* () {
        let token: string | undefined;
        do {
          const page = await client
            .send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
            .catch(fail);
          for (const object of page.Contents ?? []) {
            if (object.Key)
              yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      })();
    },
    async presignGet(key, { expiresInSeconds, fileName, contentType }) {
      validateStorageKey(key);
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(fileName),
        ResponseContentType: contentType,
      });
      return getSignedUrl(presigner, command, { expiresIn: expiresInSeconds });
    },
    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return true;
      } catch {
        return false;
      }
    },
  };
}
