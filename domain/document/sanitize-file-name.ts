// A client's file name made safe to keep and show: the last path segment only (either separator),
// no control, format or bidirectional-override characters, spaces collapsed, no leading dots or
// trailing dots and spaces, at most 255 UTF-8 bytes (cut before the extension, never inside a
// character). An empty result becomes "unnamed".
export const MAX_FILE_NAME_BYTES = 255;

// C0, DEL, C1, and the Unicode format characters that reorder or hide text (bidi overrides, zero widths).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;

function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let out = '';
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > maxBytes) break;
    bytes += size;
    out += char;
  }
  return out;
}

export function sanitizeFileName(name: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(UNSAFE, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  if (cleaned === '') return 'unnamed';
  if (Buffer.byteLength(cleaned, 'utf8') <= MAX_FILE_NAME_BYTES) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  const stem = cutToBytes(
    cleaned.slice(0, cleaned.length - extension.length),
    MAX_FILE_NAME_BYTES - Buffer.byteLength(extension, 'utf8'),
  );
  return `${stem.replace(/[\s.]+$/, '')}${extension}`;
}
