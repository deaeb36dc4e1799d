// The document types the service accepts (sniffed from the bytes, never taken from the client),
// declared once: the sniffer, the text extractor, the OpenAPI description and the README follow.

export interface DocumentMediaType {
  mediaType: string;
  label: string;
  /** How its text is extracted for generation; null: not extracted (images). */
  text: 'pdf' | 'docx' | 'plain' | null;
}

export const DOCUMENT_MEDIA_TYPES = [
  { mediaType: 'application/pdf', label: 'PDF', text: 'pdf' },
  { mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'DOCX', text: 'docx' },
  { mediaType: 'text/plain', label: 'plain text (UTF-8)', text: 'plain' },
  { mediaType: 'text/markdown', label: 'Markdown (.md, .markdown)', text: 'plain' },
  { mediaType: 'image/png', label: 'PNG', text: null },
  { mediaType: 'image/jpeg', label: 'JPEG', text: null },
  { mediaType: 'application/geo+json', label: 'GeoJSON', text: 'plain' },
  { mediaType: 'application/vnd.google-earth.kml+xml', label: 'KML', text: 'plain' },
] as const satisfies readonly DocumentMediaType[];

export type AllowedMediaType = (typeof DOCUMENT_MEDIA_TYPES)[number]['mediaType'];

export const DOCX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function documentMediaType(mediaType: string): DocumentMediaType | null {
  return DOCUMENT_MEDIA_TYPES.find((t) => t.mediaType === mediaType) ?? null;
}
