// Response and form types of the document routes (names as in the interface), and the view of a
// document row.
import { Type } from '@sinclair/typebox';
import { DateTime, StringEnum, Uuid } from '../../domain/shared/schema-types.ts';
import { TEXT_STATUSES, type DocumentRecord } from '../../domain/document/document-decider.ts';
import { CLASSIFICATION_PATTERN, MAX_DESCRIPTION, Uploader } from '../../domain/document/document-events.ts';
import { DOCUMENT_MEDIA_TYPES } from '../../domain/document/document-media-types.ts';
import { iso } from '../../projections/queries/iso.ts';
import { ListEnvelope } from '../common-schemas.ts';

export const DocumentResponse = Type.Object(
  {
    id: Uuid,
    operation_id: Uuid,
    file_name: Type.String({
      description: 'The uploaded name, sanitised (no path, no control characters, at most 255 bytes)',
    }),
    media_type: Type.String({ description: 'Sniffed from the bytes, not taken from the client' }),
    size: Type.Integer({ minimum: 0, description: 'Bytes' }),
    sha256: Type.String({ description: 'SHA-256 of the content, hex' }),
    description: Type.Union([Type.String(), Type.Null()]),
    classification: Type.Union([Type.String(), Type.Null()]),
    text_status: StringEnum(
      TEXT_STATUSES,
      'pending: extraction queued; extracted: text available to generation; failed: see text_error',
    ),
    text_error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
    page_count: Type.Union([Type.Integer(), Type.Null()], {
      description: 'PDF pages (null for other types, or before extraction)',
    }),
    characters: Type.Union([Type.Integer(), Type.Null()], { description: 'Characters of extracted text' }),
    text_truncated: Type.Boolean({ description: "The extracted text was cut at the service's limit" }),
    duplicate: Type.Boolean({
      description:
        'Upload answers only: true when the operation already had this content (this is the earlier record; nothing new ' +
        'was stored)',
    }),
    uploaded_by: Uploader,
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: 'DocumentResponse' },
);

export const ListDocumentResponse = ListEnvelope(DocumentResponse, 'ListDocumentResponse');

export const UploadForm = Type.Object(
  {
    operation_id: Uuid,
    files: Type.Array(Type.String({ format: 'binary' }), {
      minItems: 1,
      description: `One or more files: ${DOCUMENT_MEDIA_TYPES.map((t) => t.label).join(', ')}`,
    }),
    description: Type.Optional(
      Type.String({
        maxLength: MAX_DESCRIPTION,
        description: 'What the documents are (applies to every file of the request)',
      }),
    ),
    classification: Type.Optional(
      Type.String({
        pattern: CLASSIFICATION_PATTERN,
        description: 'Security marking shown with the documents, e.g. "UNCLASSIFIED", "NATO RESTRICTED"',
      }),
    ),
  },
  { title: 'Body_DocumentRouter_upload_documents' },
);

export function documentView(
  row: DocumentRecord & { created_at: string | Date; updated_at: string | Date },
  duplicate = false,
) {
  return {
    id: row.document_id,
    operation_id: row.operation_id,
    file_name: row.file_name,
    media_type: row.media_type,
    size: Number(row.size),
    sha256: row.sha256,
    description: row.description,
    classification: row.classification,
    text_status: row.text_status,
    text_error: row.failure_code ? { code: row.failure_code, message: row.failure_message ?? '' } : null,
    page_count: row.page_count,
    characters: row.characters,
    text_truncated: row.text_truncated,
    duplicate,
    uploaded_by: row.uploaded_by,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}
