// The type of an uploaded file, from its first bytes (never from the client's claim): binary
// formats by their signatures (file-type), then UTF-8 text told apart as KML, GeoJSON, Markdown
// (by its extension: Markdown has no signature) or plain text. Anything outside the allow-list
// (domain/document/document-media-types.ts) is refused with what was detected.
import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_MEDIA_TYPES, documentMediaType } from '../../domain/document/document-media-types.ts';

export type SniffResult = { ok: true; mediaType: string } | { ok: false; reason: string };

const ALLOWED = DOCUMENT_MEDIA_TYPES.map((t) => t.label).join(', ');
const GEOJSON_TYPE =
  /"type"\s*:\s*"(FeatureCollection|Feature|Point|MultiPoint|LineString|MultiLineString|Polygon|MultiPolygon|GeometryCollection)"/;
const KML_ROOT = /^(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:[A-Za-z_][\w.-]*:)?kml[\s>]/;
const MARKDOWN_EXTENSION = /\.(md|markdown|mdown|mkd)$/i;
// eslint-disable-next-line no-control-regex
const BINARY_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

const refuse = (detected: string): SniffResult => ({
  ok: false,
  reason: `${detected} is not accepted; allowed: ${ALLOWED}`,
});

/** The head as UTF-8 text, or null; a character cut at the end of the head does not count. */
function utf8Text(head: Uint8Array): string | null {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  for (let cut = 0; cut <= Math.min(3, head.length); cut++) {
    try {
      const text = decoder.decode(head.subarray(0, head.length - cut));
      return cut > 0 && text === '' ? null : text;
    } catch {
      // try without the last bytes: a multi-byte character may straddle the head's end
    }
  }
  return null;
}

export async function sniffDocumentType(head: Uint8Array, fileName: string): Promise<SniffResult> {
  if (head.length === 0) return { ok: false, reason: 'the file is empty' };
  const detected = await fileTypeFromBuffer(head);
  if (detected && detected.mime !== 'application/xml') {
    return documentMediaType(detected.mime)
      ? { ok: true, mediaType: detected.mime }
      : refuse(`${detected.mime} (.${detected.ext})`);
  }
  const text = utf8Text(head);
  if (text === null || BINARY_CONTROL.test(text)) return refuse('binary content of no known type');
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<')) {
    return KML_ROOT.test(start)
      ? { ok: true, mediaType: 'application/vnd.google-earth.kml+xml' }
      : refuse('XML or HTML other than KML');
  }
  if (start.startsWith('{') && GEOJSON_TYPE.test(start)) return { ok: true, mediaType: 'application/geo+json' };
  return { ok: true, mediaType: MARKDOWN_EXTENSION.test(fileName) ? 'text/markdown' : 'text/plain' };
}
