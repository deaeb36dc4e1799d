// The XML parts of a DOCX (a ZIP), inflated within the extraction limits. The ZIP's central
// directory is read first and the sizes it declares are checked (per part, all parts, ratio) before
// anything is inflated; then each part is inflated with zlib's maxOutputLength set to the size it
// declared, so a part that lies about its size stops there, and its CRC-32 is checked. Other
// entries (images, embedded files, fonts) are left out: the text is in the XML.
import { crc32, inflateRawSync } from 'node:zlib';
import { DocumentExtractionError } from './document-extraction-error.ts';
import {
  MAX_DOCX_ENTRIES,
  MAX_DOCX_PART_BYTES,
  MAX_DOCX_PARTS_BYTES,
  MAX_DOCX_RATIO,
  MIN_RATIO_CHECK_BYTES,
} from './extraction-limits.ts';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

interface DirectoryEntry {
  name: string;
  method: number;
  encrypted: boolean;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const corrupt = (why: string) => new DocumentExtractionError('DOCX_CORRUPT', `The DOCX cannot be read: ${why}`);
const tooLarge = (what: string) =>
  new DocumentExtractionError('DOCX_TOO_LARGE', `The DOCX's parts inflate to more than ${what}`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MiB`;
/** An entry's name as a message may show it (it comes from the file). */
const shown = (name: string) => name.replace(/[^\x20-\x7e]/g, '?').slice(0, 100);
const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

function endOfDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65_535); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw corrupt('it is not a ZIP archive');
}

function readDirectory(zip: Buffer): DirectoryEntry[] {
  const end = endOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  // 0xffff: a ZIP64 count, which only archives of more than 65,535 entries need.
  if (count > MAX_DOCX_ENTRIES) {
    throw new DocumentExtractionError('DOCX_TOO_LARGE', `The DOCX lists more than ${MAX_DOCX_ENTRIES} files`);
  }
  const entries: DirectoryEntry[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw corrupt('its file directory is damaged');
    }
    const nameLength = zip.readUInt16LE(at + 28);
    const utf8 = (zip.readUInt16LE(at + 8) & 0x0800) !== 0;
    entries.push({
      name: zip.toString(utf8 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      encrypted: (zip.readUInt16LE(at + 8) & 1) !== 0,
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** Refuses, from the declared sizes alone, parts that would inflate past the limits. */
function checkDeclaredSizes(parts: DirectoryEntry[]): void {
  let total = 0;
  for (const part of parts) {
    if (part.size > MAX_DOCX_PART_BYTES) {
      throw tooLarge(`${mib(MAX_DOCX_PART_BYTES)} per part (${shown(part.name)} declares ${mib(part.size)})`);
    }
    const ratio = part.size / Math.max(1, part.compressedSize);
    if (part.size > MIN_RATIO_CHECK_BYTES && ratio > MAX_DOCX_RATIO) {
      throw tooLarge(`${MAX_DOCX_RATIO} times their compressed size (${shown(part.name)}: ${Math.round(ratio)} times)`);
    }
    total += part.size;
    if (total > MAX_DOCX_PARTS_BYTES) throw tooLarge(`${mib(MAX_DOCX_PARTS_BYTES)} together`);
  }
}

function inflatePart(zip: Buffer, part: DirectoryEntry): Buffer {
  const at = part.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) throw corrupt(`${shown(part.name)} is damaged`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + part.compressedSize > zip.length) throw corrupt(`${shown(part.name)} is cut short`);
  const data = zip.subarray(start, start + part.compressedSize);
  let inflated: Buffer;
  if (part.method === STORED) {
    inflated = data;
  } else if (part.method === DEFLATED) {
    try {
      // The declared size is the most it may inflate to: a part that lies stops here.
      inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, part.size) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw tooLarge(`they declare (${shown(part.name)} declares ${mib(part.size)})`);
      }
      throw corrupt(`${shown(part.name)} is not valid compressed data`);
    }
  } else {
    throw corrupt(`${shown(part.name)} uses compression method ${part.method}, which is not supported`);
  }
  if (inflated.length !== part.size) throw corrupt(`${shown(part.name)} is not the size its directory declares`);
  if (crc32(inflated) !== part.crc) throw corrupt(`${shown(part.name)} fails its checksum`);
  return inflated;
}

/** The XML parts of the DOCX, by name. Throws DocumentExtractionError (DOCX_TOO_LARGE, DOCX_CORRUPT). */
export function readDocxParts(zip: Buffer): Map<string, Buffer> {
  const parts = readDirectory(zip).filter((entry) => isXmlPart(entry.name));
  const encrypted = parts.find((part) => part.encrypted);
  if (encrypted) throw corrupt(`${shown(encrypted.name)} is encrypted`);
  checkDeclaredSizes(parts);
  return new Map(parts.map((part) => [part.name, inflatePart(zip, part)]));
}
