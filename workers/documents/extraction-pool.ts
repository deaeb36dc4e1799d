// Text extraction off the event loop and inside a bounded heap: one piscina thread (documents are
// extracted one at a time per process) whose old generation is capped at EXTRACTION_HEAP_MB and
// whose task is aborted after EXTRACTION_TIMEOUT_MS. A document that exhausts either fails as too
// large (DOCX_TOO_LARGE, PDF_TOO_LARGE) and the thread is replaced; the process's own heap and
// event loop never see it. The thread starts with the first document and ends when idle.
import { Piscina } from 'piscina';
import { documentMediaType } from '../../domain/document/document-media-types.ts';
import { DocumentExtractionError, type ExtractionErrorCode } from './document-extraction-error.ts';
import type { ExtractedText } from './extract-document-text.ts';
import { EXTRACTION_HEAP_MB, EXTRACTION_TIMEOUT_MS } from './extraction-limits.ts';
import type { ExtractionReply, ExtractionTask } from './extraction-thread.ts';

export interface ExtractionPool {
  /**
   * The document's text; throws DocumentExtractionError for a document that cannot be extracted.
   * Takes over `bytes`: they move to the thread and are unusable here afterwards.
   */
  extract(bytes: Uint8Array, mediaType: string): Promise<ExtractedText>;
  destroy(): Promise<void>;
}

export interface ExtractionPoolOptions {
  heapMb?: number;
  timeoutMs?: number;
}

const TOO_LARGE: Record<string, ExtractionErrorCode> = { pdf: 'PDF_TOO_LARGE', docx: 'DOCX_TOO_LARGE' };
const LABEL: Record<string, string> = { pdf: 'PDF', docx: 'DOCX' };

export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  const heapMb = options.heapMb ?? EXTRACTION_HEAP_MB;
  const timeoutMs = options.timeoutMs ?? EXTRACTION_TIMEOUT_MS;
  const piscina = new Piscina<ExtractionTask, ExtractionReply>({
    filename: new URL('./extraction-thread.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 15_000,
    // TypeScript workers load through tsx, as the rest of the service does (no build step).
    execArgv: ['--import', 'tsx'],
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
  });
  return {
    async extract(bytes, mediaType) {
      // Moved to the thread, not copied: a view of a larger (pooled) buffer is copied out first.
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const own = whole ? bytes : Uint8Array.from(bytes);
      const kind = documentMediaType(mediaType)?.text ?? '';
      let reply: ExtractionReply;
      try {
        reply = await piscina.run(
          { bytes: own, mediaType },
          {
            transferList: [own.buffer as ArrayBuffer],
            signal: AbortSignal.timeout(timeoutMs),
          },
        );
      } catch (error) {
        const code = TOO_LARGE[kind];
        if (!code) throw error;
        if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new DocumentExtractionError(
            code,
            `The ${LABEL[kind]} is too large to extract: it needs more than the ` +
              `${heapMb} MB of memory an extraction may use`,
            String((error as Error).message),
          );
        }
        if ((error as Error).name === 'AbortError') {
          throw new DocumentExtractionError(
            code,
            `The ${LABEL[kind]} is too large to extract: it takes longer than ` + `${Math.round(timeoutMs / 1000)} s`,
            String((error as Error).message),
          );
        }
        throw error;
      }
      if (!reply.ok) throw new DocumentExtractionError(reply.code, reply.message, reply.detail ?? undefined);
      return { text: reply.text, pageCount: reply.pageCount, truncated: reply.truncated };
    },
    destroy: () => piscina.destroy(),
  };
}
