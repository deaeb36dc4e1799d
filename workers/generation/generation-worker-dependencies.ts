// What the generation workers (record drafts, COA sets, wargames) are given by the work pipeline.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import type { DocumentStorage } from '../../infra/document-storage/document-storage.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { LanguageModel } from '../../infra/language-model/language-model.ts';

export interface GenerationWorkerDependencies {
  store: EventStore;
  knex: Knex;
  documents: DocumentStorage;
  languageModel: LanguageModel;
  /** The model's token budget per reply (LLM_MAX_TOKENS): bounds a draft's text (draftTextLimit). */
  maxTokens: number;
  logger: Logger;
  /** The tile store, where drafts find the maps' terrain summaries (absent: drafts go without them). */
  blobStore?: BlobStore;
}
