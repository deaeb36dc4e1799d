// Events of a document attached to an operation (stream `document-<id>`). The id is a name-based
// UUID of the operation and the content's SHA-256, so the same file uploaded twice to an
// operation names the same document: the second upload finds it (and is reported as a duplicate)
// instead of storing the bytes again, even when both uploads race. A document deleted and then
// uploaded again starts a new life on the same stream. Each upload has its own `upload_id`, which
// names its object in storage, so a losing racer's object is removed without touching the winner's.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NullableText, NullableUuid, Uuid } from '../shared/schema-types.ts';
import { uuidV5 } from '../shared/uuid-v5.ts';

export const MAX_DESCRIPTION = 2000;
/** Markings like "UNCLASSIFIED", "NATO RESTRICTED", "SECRET//REL TO USA, FVEY". */
export const CLASSIFICATION_PATTERN = "^[A-Z0-9][A-Z0-9 /,()'.-]{0,63}$";

export const Uploader = Type.Object(
  {
    account_id: Uuid,
    api_key_id: NullableUuid(),
    at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false, title: 'DocumentUploader' },
);

export const DocumentUploadedData = Type.Object(
  {
    document_id: Uuid,
    operation_id: Uuid,
    account_id: Uuid,
    upload_id: Uuid,
    storage_key: Type.String({ minLength: 1, maxLength: 300 }),
    file_name: Type.String({ minLength: 1, maxLength: 255 }),
    media_type: Type.String({ minLength: 1, maxLength: 100 }),
    declared_media_type: NullableText(200, 'What the client said the type was (not trusted)'),
    size: Type.Integer({ minimum: 0 }),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    description: NullableText(MAX_DESCRIPTION),
    classification: Type.Union([Type.String({ pattern: CLASSIFICATION_PATTERN }), Type.Null()]),
    by: Uploader,
  },
  { additionalProperties: false },
);
export type DocumentUploadedData = Static<typeof DocumentUploadedData>;

const Ref = { document_id: Uuid, operation_id: Uuid, upload_id: Uuid };

export const DocumentTextExtractedData = Type.Object(
  {
    ...Ref,
    text_key: Type.String({ minLength: 1, maxLength: 300 }),
    page_count: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    characters: Type.Integer({ minimum: 0 }),
    truncated: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const DocumentTextExtractionFailedData = Type.Object(
  {
    ...Ref,
    code: Type.String({ minLength: 1, maxLength: 100 }),
    message: Type.String({ maxLength: 2000 }),
  },
  { additionalProperties: false },
);

export const DocumentDeletedData = Type.Object(
  {
    ...Ref,
    by: Uploader,
  },
  { additionalProperties: false },
);

export type DocumentUploaded = DomainEvent<'DocumentUploaded', DocumentUploadedData>;
export type DocumentTextExtracted = DomainEvent<'DocumentTextExtracted', Static<typeof DocumentTextExtractedData>>;
export type DocumentTextExtractionFailed = DomainEvent<
  'DocumentTextExtractionFailed',
  Static<typeof DocumentTextExtractionFailedData>
>;
export type DocumentDeleted = DomainEvent<'DocumentDeleted', Static<typeof DocumentDeletedData>>;
export type DocumentEvent = DocumentUploaded | DocumentTextExtracted | DocumentTextExtractionFailed | DocumentDeleted;

export const documentEventSchemas = {
  DocumentUploaded: { version: 1, schema: DocumentUploadedData },
  DocumentTextExtracted: { version: 1, schema: DocumentTextExtractedData },
  DocumentTextExtractionFailed: { version: 1, schema: DocumentTextExtractionFailedData },
  DocumentDeleted: { version: 1, schema: DocumentDeletedData },
};

export const documentStream = (documentId: string) => `document-${documentId}`;

/** The document an operation's content names (one per operation and SHA-256). */
export const documentIdOf = (operationId: string, sha256: string) =>
  uuidV5(`document:${operationId.toLowerCase()}:${sha256}`);

/** Where an upload's bytes and extracted text live in document storage. */
export const documentObjectKey = (operationId: string, uploadId: string) => `documents/${operationId}/${uploadId}`;
export const documentTextKey = (operationId: string, uploadId: string) => `documents/${operationId}/${uploadId}.txt`;
