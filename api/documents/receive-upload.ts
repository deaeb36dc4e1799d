// Reads a multipart upload and streams each file to document storage as it arrives: nothing is
// held whole in memory (a file's first 64 KiB are kept to sniff its type from its bytes, then
// flow on). The operation is checked before any file byte is read; past a limit the request
// stops with 413, a refused type with 415; on any failure, a client abort included, every object
// this request stored is removed, so a failed upload leaves nothing behind.
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import busboy from 'busboy';
import { documentObjectKey } from '../../domain/document/document-events.ts';
import { sanitizeFileName } from '../../domain/document/sanitize-file-name.ts';
import { sniffDocumentType } from './sniff-document-type.ts';
import type { DocumentStorage } from '../../infra/document-storage/document-storage.ts';
import { HttpError, validationError } from '../http-error.ts';

/** Bytes of a file kept to sniff its type. */
const SNIFF_BYTES = 64 * 1024;
const FORM_FIELDS = ['operation_id', 'description', 'classification'] as const;
type FormField = (typeof FORM_FIELDS)[number];

export interface UploadLimits {
  maxFileBytes: number;
  maxRequestBytes: number;
  maxFiles: number;
}

export interface ReceivedFile {
  upload_id: string;
  storage_key: string;
  file_name: string;
  declared_media_type: string | null;
  media_type: string;
  size: number;
  sha256: string;
}

export interface ReceivedUpload {
  fields: Partial<Record<FormField, string>>;
  operation_id: string;
  files: ReceivedFile[];
}

export interface ReceiveOptions {
  storage: DocumentStorage;
  limits: UploadLimits;
  /** operation_id from the query string, checked before this is called. */
  operationId: string | null;
  /** Checks the form's operation_id (422/403/404) before any file byte is stored. */
  authorizeOperation(operationId: string): Promise<void>;
  /** Checks a text field's value (description, classification); an error refuses the upload. */
  checkField(name: FormField, value: string): HttpError | null;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Bytes of one file part: the sniffed head, then the rest; fails when the part hit its size limit. */
async function* fileBytes(
  head: Buffer,
  rest: AsyncIterable<Buffer>,
  part: NodeJS.ReadableStream & { truncated?: boolean },
  count: (n: number) => void,
  limit: number,
  name: string,
) {
  count(head.length);
  yield head;
  for await (const chunk of rest) {
    count(chunk.length);
    yield chunk;
  }
  if (part.truncated) throw new HttpError(413, `${name} is larger than ${mb(limit)} (DOCUMENT_MAX_FILE_MB)`);
}

/** The first `n` bytes of a stream (fewer at its end) and an iterator over what follows. */
async function readHead(
  part: AsyncIterable<Buffer>,
  n: number,
): Promise<{ head: Buffer; rest: AsyncIterable<Buffer> }> {
  const iterator = part[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < n) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), rest: { [Symbol.asyncIterator]: () => iterator } };
}

export async function receiveUpload(req: IncomingMessage, options: ReceiveOptions): Promise<ReceivedUpload> {
  const { storage, limits } = options;
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new HttpError(
      415,
      'Upload documents as multipart/form-data (fields: operation_id, files, description, classification)',
    );
  }
  const declaredLength = Number(req.headers['content-length'] ?? 0);
  if (declaredLength > limits.maxRequestBytes) {
    throw new HttpError(413, `The request is larger than ${mb(limits.maxRequestBytes)} (DOCUMENT_MAX_REQUEST_MB)`);
  }

  const stored: string[] = [];
  const files: ReceivedFile[] = [];
  const fields: Partial<Record<FormField, string>> = {};
  const abort = new AbortController();
  let requestBytes = 0;
  let authorized: Promise<void> | null = options.operationId ? Promise.resolve() : null;
  let operationId = options.operationId;
  let failure: unknown = null;
  let work = Promise.resolve();

  let fileSeen = false;
  let stopParsing: () => void = () => undefined;
  // The first failure stops everything: in-flight storage writes abort, and the rest of the body
  // is not read (the answer goes out with Connection: close).
  // Each file part being read: a failure ends them, so a storage write reading one stops at once. On
  // Node 24 an aborted pipeline waits for its source generator to return, and a part of a request
  // the client abandoned never ends by itself: the request was never answered (documents.test.ts).
  const parts = new Set<NodeJS.ReadableStream & { destroy(): void }>();
  const fail = (error: unknown) => {
    failure ??= error;
    abort.abort(error);
    stopParsing();
    for (const part of parts) part.destroy();
  };
  const count = (n: number) => {
    requestBytes += n;
    if (requestBytes > limits.maxRequestBytes) {
      throw new HttpError(413, `The request is larger than ${mb(limits.maxRequestBytes)} (DOCUMENT_MAX_REQUEST_MB)`);
    }
  };

  const parser = busboy({
    headers: req.headers,
    limits: {
      fileSize: limits.maxFileBytes,
      files: limits.maxFiles,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: limits.maxFiles + 10,
    },
    defParamCharset: 'utf8',
  });

  parser.on('field', (name, value, info) => {
    if (failure) return;
    if (!(FORM_FIELDS as readonly string[]).includes(name)) {
      fail(
        validationError([
          {
            loc: ['body', name],
            msg: `Unknown form field; the form takes ${[...FORM_FIELDS, 'files'].join(', ')}`,
            type: 'extra_forbidden',
          },
        ]),
      );
      return;
    }
    if (info.valueTruncated) {
      fail(validationError([{ loc: ['body', name], msg: 'Value too long', type: 'string_too_long' }]));
      return;
    }
    const refused = options.checkField(name as FormField, value);
    if (refused) {
      fail(refused);
      return;
    }
    fields[name as FormField] = value;
    if (name === 'operation_id' && !options.operationId) {
      if (fileSeen) {
        fail(
          validationError([
            { loc: ['body', 'operation_id'], msg: 'operation_id must come before the files', type: 'value_error' },
          ]),
        );
        return;
      }
      operationId = value;
      authorized = options.authorizeOperation(value);
      authorized.catch(fail);
    }
  });

  parser.on('file', (name, part, info) => {
    fileSeen = true;
    parts.add(part);
    part.once('close', () => parts.delete(part));
    if (failure) {
      part.resume();
      return;
    }
    if (name !== 'files') {
      part.resume();
      fail(validationError([{ loc: ['body', name], msg: 'Files go in the "files" field', type: 'extra_forbidden' }]));
      return;
    }
    const fileName = sanitizeFileName(info.filename ?? '');
    const declared = info.mimeType && info.mimeType !== 'application/octet-stream' ? info.mimeType.slice(0, 200) : null;
    // Parts are read one after another: the next starts once this one is stored.
    work = work
      .then(async () => {
        if (failure) {
          part.resume();
          return;
        }
        if (!authorized) {
          throw validationError([
            { loc: ['body', 'operation_id'], msg: 'operation_id must come before the files', type: 'missing' },
          ]);
        }
        await authorized;
        const { head, rest } = await readHead(part as AsyncIterable<Buffer>, SNIFF_BYTES);
        const sniffed = await sniffDocumentType(head, fileName);
        if (!sniffed.ok) throw new HttpError(415, `${fileName}: ${sniffed.reason}`);
        const upload_id = randomUUID();
        const storage_key = documentObjectKey(operationId!, upload_id);
        stored.push(storage_key);
        const put = await storage.put(storage_key, fileBytes(head, rest, part, count, limits.maxFileBytes, fileName), {
          contentType: sniffed.mediaType,
          signal: abort.signal,
        });
        files.push({
          upload_id,
          storage_key,
          file_name: fileName,
          declared_media_type: declared,
          media_type: sniffed.mediaType,
          size: put.size,
          sha256: put.sha256,
        });
      })
      .catch((error: unknown) => {
        part.resume();
        fail(error);
      });
  });

  parser.on('filesLimit', () =>
    fail(new HttpError(413, `At most ${limits.maxFiles} files per request (DOCUMENT_MAX_FILES)`)),
  );
  parser.on('partsLimit', () => fail(new HttpError(413, 'Too many form parts')));

  const parsed = new Promise<void>((resolve, reject) => {
    stopParsing = () => {
      req.unpipe(parser);
      resolve();
    };
    parser.on('close', resolve);
    parser.on('error', (error: Error) =>
      reject(
        validationError([{ loc: ['body'], msg: `Malformed multipart body: ${error.message}`, type: 'value_error' }]),
      ),
    );
    // A client that goes away mid-body surfaces as 'aborted' or as a socket error (ECONNRESET, or
    // the HTTP parser's "Parse Error" when the connection ends before the declared length).
    req.on('aborted', () => reject(new HttpError(400, 'The client aborted the upload')));
    req.on('error', () => reject(new HttpError(400, 'The client aborted the upload')));
  });
  req.pipe(parser);
  try {
    await parsed.catch(fail);
    await work;
    if (failure) throw failure;
    if (!operationId)
      throw validationError([{ loc: ['body', 'operation_id'], msg: 'Field required', type: 'missing' }]);
    if (files.length === 0)
      throw validationError([{ loc: ['body', 'files'], msg: 'At least one file is required', type: 'missing' }]);
    return { fields, operation_id: operationId, files };
  } catch (error) {
    abort.abort(error);
    req.unpipe(parser);
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}
