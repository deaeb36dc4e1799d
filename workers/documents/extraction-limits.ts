// What one document's text extraction may take (README, Documents: "Extraction limits"). The sizes
// are checked before anything is decompressed, from what the file declares, and again while
// inflating, since a file can lie about them; the extraction thread's heap and time bound the rest.

/** Characters of text kept; the rest is cut (text_truncated). */
export const MAX_TEXT_CHARACTERS = 5_000_000;

/** Entries a DOCX's ZIP directory may list. */
export const MAX_DOCX_ENTRIES = 10_000;
/** Inflated bytes of one XML part of a DOCX (word/document.xml, styles, notes, ...). */
export const MAX_DOCX_PART_BYTES = 16 * 1024 * 1024;
/** Inflated bytes of all the XML parts of a DOCX together. */
export const MAX_DOCX_PARTS_BYTES = 32 * 1024 * 1024;
/** Inflated bytes per compressed byte of a part larger than MIN_RATIO_CHECK_BYTES (text XML: 5–30). */
export const MAX_DOCX_RATIO = 100;
export const MIN_RATIO_CHECK_BYTES = 1024 * 1024;

/** Pages of a PDF. */
export const MAX_PDF_PAGES = 2_000;
/** Objects a PDF declares (its cross-reference /Size). */
export const MAX_PDF_OBJECTS = 500_000;
/** Decoded bytes of one Flate stream of a PDF (pages' content, fonts, object streams; images are not decoded). */
export const MAX_PDF_STREAM_BYTES = 64 * 1024 * 1024;
/** Decoded bytes of all those streams together. */
export const MAX_PDF_STREAMS_BYTES = 256 * 1024 * 1024;

/** Heap (old generation) of the extraction thread by default (DOCUMENT_EXTRACTION_MEMORY_MB); past it the
 * document fails as too large. */
export const EXTRACTION_HEAP_MB = 128;
/** Longest extraction of one document; past it the document fails as too large. */
export const EXTRACTION_TIMEOUT_MS = 120_000;
