// /api/documents/: upload (multipart, streamed to document storage), list, read, delete, and a
// presigned download URL; plus the signed download the filesystem store's URLs point at.
import { Type } from '@sinclair/typebox';
import { deleteDocument, recordUpload } from '../../commands/document-commands.ts';
import { Uuid } from '../../domain/shared/schema-types.ts';
import { CLASSIFICATION_PATTERN, MAX_DESCRIPTION } from '../../domain/document/document-events.ts';
import {
  findDocument,
  listDocuments,
  liveDocumentWithKey,
  type DocumentRow,
} from '../../projections/queries/document-queries.ts';
import { requireAccess } from '../../domain/shared/require-access.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { writeOnce } from '../idempotent-write.ts';
import { accessibleOperation } from '../access.ts';
import { HttpError, validationError } from '../http-error.ts';
import { authErrors, HTTPError, ownedResourceErrors, PageQuery } from '../common-schemas.ts';
import { receiveUpload } from '../documents/receive-upload.ts';
import { removeDocumentObjects } from '../documents/remove-document-objects.ts';
import { documentView, DocumentResponse, ListDocumentResponse, UploadForm } from '../documents/document-schemas.ts';
import { requestOrigin } from '../ogc/request-origin.ts';
import { contentDisposition } from '../../domain/document/content-disposition.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CLASSIFICATION = new RegExp(CLASSIFICATION_PATTERN);
const DocumentParams = Type.Object({ document_id: Uuid });

async function accessibleDocument(
  deps: ApiDependencies,
  documentId: string,
  principal: { account_id: string },
): Promise<DocumentRow> {
  const row = await findDocument(deps.readModels, documentId);
  return requireAccess(row && !row.deleted_at && !row.operation_deleted ? row : null, principal.account_id, {
    kind: 'Document',
    id: documentId,
  });
}

function checkField(name: string, value: string): HttpError | null {
  if (name === 'operation_id' && !UUID.test(value))
    return validationError([
      { loc: ['body', 'operation_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' },
    ]);
  if (name === 'description' && value.length > MAX_DESCRIPTION)
    return validationError([
      { loc: ['body', 'description'], msg: `At most ${MAX_DESCRIPTION} characters`, type: 'string_too_long' },
    ]);
  if (name === 'classification' && !CLASSIFICATION.test(value)) {
    return validationError([
      {
        loc: ['body', 'classification'],
        msg: 'A marking in capitals, digits, spaces and / , ( ) \' . - (at most 64 characters), e.g. "NATO RESTRICTED"',
        type: 'string_pattern_mismatch',
      },
    ]);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)) {
    return validationError([
      { loc: ['body', name], msg: 'Text cannot hold NUL or unpaired surrogates', type: 'string_unicode' },
    ]);
  }
  return null;
}

export const documentRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: '/api/documents/download/{key}',
    operationId: 'download_document',
    summary: 'Download through a presigned URL (filesystem storage; no API key: the signature is the credential)',
    description:
      'Answers the file with its original name and sniffed type. 403 for an expired, altered or forged URL; 404 once ' +
      'the document is deleted.',
    tags: ['documents'],
    auth: false,
    params: Type.Object({ key: Type.String({ maxLength: 300 }) }),
    query: Type.Object({
      expires: Type.Optional(Type.String()),
      name: Type.Optional(Type.String()),
      type: Type.Optional(Type.String()),
      signature: Type.Optional(Type.String()),
    }),
    responses: {
      200: { description: 'The file', contentType: 'application/octet-stream' },
      403: { description: 'Expired, altered or forged URL', schema: HTTPError },
      404: { description: 'Deleted', schema: HTTPError },
    },
    async handler(ctx, { params }) {
      const verify = deps.documents.verifyDownload;
      if (!verify) throw new HttpError(404, 'Not Found');
      const checked = verify(params.key, ctx.query as Record<string, string | undefined>);
      if (!checked.ok)
        throw new HttpError(
          403,
          checked.reason === 'expired' ? 'This download URL has expired' : 'Invalid download URL signature',
        );
      if (!(await liveDocumentWithKey(deps.readModels, params.key)))
        throw new HttpError(404, 'The document was deleted');
      const body = await deps.documents.storage.get(params.key);
      if (!body) throw new HttpError(404, 'The document was deleted');
      ctx.set('Content-Disposition', contentDisposition(checked.fileName));
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = checked.contentType;
      ctx.body = body;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/documents/',
    operationId: 'upload_documents',
    summary: 'Upload documents to an operation (multipart/form-data)',
    description: [
      'Form fields: operation_id (before the files), one or more files, optional description and classification.',
      'operation_id may also be given in the query string, so a refused request is answered before any byte of the ' +
        'body is read.',
      'Types are sniffed from the bytes; allowed: PDF, DOCX, plain text, Markdown, PNG, JPEG, GeoJSON, KML (415 otherwise).',
      'Limits (413): DOCUMENT_MAX_FILE_MB per file, DOCUMENT_MAX_REQUEST_MB per request, DOCUMENT_MAX_FILES files.',
      'A file whose content the operation already has is not stored again: its item is the earlier record with ' +
        'duplicate: true.',
    ].join(' '),
    tags: ['documents'],
    auth: true,
    multipartBody: UploadForm,
    idempotent: true,
    query: Type.Object({ operation_id: Type.Optional(Uuid) }),
    responses: {
      200: { description: 'The documents of the request, in order (new or duplicate)', schema: ListDocumentResponse },
      413: { description: 'A file, the request or the file count is over its limit', schema: HTTPError },
      415: {
        description: 'Not multipart, or a file type outside the allow-list (the detail says what was detected)',
        schema: HTTPError,
      },
      503: { description: 'Document storage does not answer; nothing was recorded', schema: HTTPError },
      ...ownedResourceErrors,
    },
    async handler(ctx, { query, principal }) {
      if (query.operation_id) await accessibleOperation(deps.readModels, query.operation_id, principal);
      // With an Idempotency-Key, a retry of a recorded upload is answered without reading its body again.
      const { items, position } = await writeOnce(ctx, deps, async () => {
        const received = await receiveUpload(ctx.req, {
          storage: deps.documents.storage,
          limits: deps.documents.limits,
          operationId: query.operation_id ?? null,
          authorizeOperation: async (operationId) => {
            await accessibleOperation(deps.readModels, operationId.toLowerCase(), principal);
          },
          checkField,
        });
        const commandCtx = commandContextOf(ctx);
        const recordedItems: Array<{ document_id: string; duplicate: boolean }> = [];
        let last: number | null = null;
        for (const [i, file] of received.files.entries()) {
          try {
            const recorded = await recordUpload(deps.store, commandCtx, {
              operation_id: received.operation_id.toLowerCase(),
              upload_id: file.upload_id,
              storage_key: file.storage_key,
              file_name: file.file_name,
              media_type: file.media_type,
              declared_media_type: file.declared_media_type,
              size: file.size,
              sha256: file.sha256,
              description: received.fields.description ?? null,
              classification: received.fields.classification ?? null,
            });
            if (recorded.duplicate) await deps.documents.storage.delete(file.storage_key).catch(() => undefined);
            last = recorded.position ?? last;
            recordedItems.push({ document_id: recorded.document_id, duplicate: recorded.duplicate });
          } catch (error) {
            // Files not recorded leave no object behind.
            const unrecorded = received.files.slice(i);
            const remove = (key: string) => deps.documents.storage.delete(key).catch(() => undefined);
            await Promise.all(unrecorded.map((f) => remove(f.storage_key)));
            throw error;
          }
        }
        return { items: recordedItems, position: last };
      });
      const ids = items.map((item) => item.document_id);
      const recorded = ids.length > 0 ? { id: ids[0]!, location: `/api/documents/${ids[0]}`, ids } : undefined;
      await awaitReadModels(deps, position, recorded);
      const rows = await Promise.all(items.map((item) => findDocument(deps.readModels, item.document_id)));
      ctx.body = {
        items: rows.map((row, i) => documentView(row!, items[i]!.duplicate)),
        total: rows.length,
        page: 1,
        size: Math.max(1, rows.length),
        pages: 1,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/documents/',
    operationId: 'list_documents',
    summary: "An operation's documents, newest first",
    tags: ['documents'],
    auth: true,
    query: Type.Object({ operation_id: Uuid, ...PageQuery }),
    responses: { 200: { description: 'A page of documents', schema: ListDocumentResponse }, ...ownedResourceErrors },
    async handler(ctx, { query, principal }) {
      await accessibleOperation(deps.readModels, query.operation_id, principal);
      const page = await listDocuments(deps.readModels, query.operation_id, query);
      ctx.body = { ...page, items: page.items.map((row) => documentView(row)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/documents/{document_id}',
    operationId: 'get_document',
    summary: 'Read a document record (its extraction status included)',
    tags: ['documents'],
    auth: true,
    params: DocumentParams,
    responses: { 200: { description: 'The document', schema: DocumentResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      ctx.body = documentView(await accessibleDocument(deps, params.document_id, principal));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/documents/{document_id}',
    operationId: 'delete_document',
    summary: 'Delete a document',
    description:
      'Answers the deleted record. The object and its extracted text are removed from storage once the deletion is ' +
      'recorded (a restart removes any the service could not).',
    tags: ['documents'],
    auth: true,
    params: DocumentParams,
    responses: { 200: { description: 'The deleted document', schema: DocumentResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const row = await accessibleDocument(deps, params.document_id, principal);
      const result = await deleteDocument(deps.store, commandContextOf(ctx), row.document_id);
      await awaitReadModels(deps, result.position);
      await removeDocumentObjects(deps.documents.storage, result.document, deps.logger);
      ctx.body = documentView(row);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/documents/{document_id}/presigned-url',
    operationId: 'get_document_presigned_url',
    summary: 'A URL that downloads the document without an API key, for a limited time',
    description:
      'A JSON string. The URL carries the original file name (Content-Disposition) and the sniffed Content-Type, and ' +
      'works for DOCUMENT_URL_TTL_SECONDS (default 900 s) or until the document is deleted.',
    tags: ['documents'],
    auth: true,
    params: DocumentParams,
    responses: {
      200: { description: 'The URL', schema: Type.String({ format: 'uri' }) },
      ...authErrors,
      403: ownedResourceErrors[403]!,
      404: ownedResourceErrors[404]!,
    },
    async handler(ctx, { params, principal }) {
      const row = await accessibleDocument(deps, params.document_id, principal);
      const url = await deps.documents.storage.presignGet(row.storage_key, {
        expiresInSeconds: deps.documents.urlTtlSeconds,
        fileName: row.file_name,
        contentType: row.media_type,
        origin: requestOrigin(ctx),
      });
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(url);
    },
  }),
];
