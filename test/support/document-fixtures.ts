// Small documents made in the test (no downloads): PDFs written object by object with a correct
// cross-reference table, an encrypted PDF (standard security handler with a user password), and a
// DOCX as a stored (uncompressed) ZIP of the three parts Word needs.
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A PDF with one page per entry of `pages`, each showing its text in Helvetica (a line per line, Latin-1); `flateContent`
 * (zlib data) replaces the first page's content stream, declared /FlateDecode.
 */
export function makePdf(pages: string[], options: { encrypt?: boolean; flateContent?: Buffer } = {}): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  pages.forEach((text, i) => {
    const stream =
      options.flateContent && i === 0
        ? options.flateContent.toString('latin1')
        : `BT /F1 12 Tf 14 TL 72 720 Td ${text
            .split('\n')
            .map((line) => `(${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj`)
            .join(' T* ')} ET`;
    const filter = options.flateContent && i === 0 ? ' /Filter /FlateDecode' : '';
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${stream.length}${filter} >>\nstream\n${stream}\nendstream`;
  });
  let encryptRef = '';
  if (options.encrypt) {
    const id = objects.length;
    // RC4 40-bit, owner and user keys that no empty password matches: readers ask for the password.
    objects[id] = `<< /Filter /Standard /V 1 /R 2 /O <${'a5'.repeat(32)}> /U <${'5a'.repeat(32)}> /P -44 >>`;
    encryptRef = ` /Encrypt ${id} 0 R`;
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  const fileId = '0123456789abcdef0123456789abcdef';
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /ID [<${fileId}> <${fileId}>]${encryptRef} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A ZIP archive of stored (uncompressed) entries. */
export function makeZip(entries: Array<[string, string | Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) => text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);

/** A DOCX with one paragraph per entry of `paragraphs`. */
export function makeDocx(paragraphs: string[]): Buffer {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return makeZip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" ' +
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
        'Target="word/document.xml"/>' +
        '</Relationships>',
    ],
    [
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>` +
        paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`).join('') +
        '</w:body></w:document>',
    ],
  ]);
}

/** One entry of a deflated ZIP: its name, its deflated bytes, and what its headers declare. */
export interface DeflatedEntry {
  name: string;
  deflated: Buffer;
  crc: number;
  /** Uncompressed size written into the local and central headers (a bomb may lie here). */
  declaredSize: number;
}

/** A ZIP of deflated entries (method 8), with the sizes each entry declares. */
export function makeDeflatedZip(entries: DeflatedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const nameBytes = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, entry.deflated);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `head`, then `unit` repeated to about `size` bytes, then `tail`, as raw deflate, never whole in
 * memory: a 1 MiB block of units is compressed once with a full flush (byte-aligned, no reference
 * before it) and its bytes repeated, which is a valid stream, as a bomb maker would write it.
 */
export function deflateRepeated(
  head: string,
  unit: string,
  tail: string,
  size: number,
): { deflated: Buffer; crc: number; size: number } {
  const headBytes = Buffer.from(head);
  const tailBytes = Buffer.from(tail);
  const unitBytes = Buffer.from(unit);
  const block = Buffer.from(unit.repeat(Math.max(1, Math.floor((1 << 20) / unitBytes.length))));
  const flushed = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const blocks = Math.max(0, Math.floor((size - headBytes.length - tailBytes.length) / block.length));
  const deflatedBlock = flushed(block);
  let crc = crc32(headBytes);
  for (let i = 0; i < blocks; i++) crc = crc32(block, crc);
  crc = crc32(tailBytes, crc);
  return {
    deflated: Buffer.concat([
      flushed(headBytes),
      ...new Array<Buffer>(blocks).fill(deflatedBlock),
      deflateRawSync(tailBytes),
    ]),
    crc,
    size: headBytes.length + blocks * block.length + tailBytes.length,
  };
}

const WORD_MAIN = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/**
 * A DOCX whose word/document.xml inflates to about `inflatedBytes` (a decompression bomb: a valid
 * document of one paragraph repeated). `declaredSize` lies about it in the headers when given.
 */
export function makeDocxBomb(inflatedBytes: number, options: { declaredSize?: number } = {}): Buffer {
  const small = makeDocx(['x']);
  const stored = [...readStoredEntries(small)].filter(([name]) => name !== 'word/document.xml');
  const body = deflateRepeated(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${WORD_MAIN}"><w:body>`,
    // Long runs of one letter: deflate's best case, near its 1032:1 limit, as bombs are made.
    `<w:p><w:r><w:t>${'A'.repeat(65_000)}</w:t></w:r></w:p>`,
    '</w:body></w:document>',
    inflatedBytes,
  );
  const entries: DeflatedEntry[] = stored.map(([name, data]) => ({
    name,
    deflated: deflateRawSync(data),
    crc: crc32(data),
    declaredSize: data.length,
  }));
  entries.push({
    name: 'word/document.xml',
    deflated: body.deflated,
    crc: body.crc,
    declaredSize: options.declaredSize ?? body.size,
  });
  return makeDeflatedZip(entries);
}

/** The entries of a stored ZIP made by makeZip. */
function* readStoredEntries(zip: Buffer): Generator<[string, Buffer]> {
  for (let at = 0; zip.readUInt32LE(at) === 0x04034b50;) {
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const start = at + 30 + nameLength;
    yield [zip.toString('utf8', at + 30, start), zip.subarray(start, start + size)];
    at = start + size;
  }
}
