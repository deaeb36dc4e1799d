// The work pipeline of one process: the work queue, and the dispatchers and/or workers that the
// configuration puts here (embedded mode: both, in the API process; production: the dispatchers
// beside the projector, workers in `npm run worker` processes). One queue carries terrain phases
// and document text extraction; workers take both.
import type { Logger } from 'pino';
import type { Knex } from 'knex';
import type { Config } from '../infra/config.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { DatasetName } from '../domain/terrain/types.ts';
import { openWorkQueue } from '../infra/work-queue/open-work-queue.ts';
import type { TaskConsumer, WorkQueue } from '../infra/work-queue/work-queue.ts';
import type { SourceProvider } from './terrain/sources/source-provider.ts';
import { createPhaseRunner, type PhaseRunner } from './terrain/phase-thread/create-phase-runner.ts';
import { TerrainDispatcher } from './terrain-dispatcher.ts';
import { failExhaustedPhase, handleTerrainPhaseTask, TERRAIN_PHASE_TASK } from './terrain-phase-worker.ts';
import { DOCUMENT_TEXT_TASK, failExhaustedExtraction, handleDocumentTextTask } from './document-text-worker.ts';
import { DocumentTextDispatcher } from './document-text-dispatcher.ts';
import { createExtractionPool, type ExtractionPool } from './documents/extraction-pool.ts';
import { ANALYSIS_TASK, failExhaustedAnalysis, handleAnalysisTask } from './analyses/analysis-worker.ts';
import { AnalysisDispatcher } from './analyses/analysis-dispatcher.ts';
import { createAnalysisRunner, type AnalysisRunner } from './analyses/analysis-thread/create-analysis-runner.ts';
import { routeDeadLetters, routeTasks } from './route-tasks.ts';
import type { DocumentStorage } from '../infra/document-storage/document-storage.ts';
import type { BlobStore } from '../infra/blob-store/blob-store.ts';
import type { LanguageModel } from '../infra/language-model/language-model.ts';
import { failExhaustedGeneration, GENERATION_TASK, handleGenerationTask } from './generation/generation-worker.ts';
import { GenerationDispatcher } from './generation/generation-dispatcher.ts';
import { DRAFTING_RULES } from './generation/drafting-rules.ts';
import {
  dropExhaustedGeneratedMap, GENERATED_MAP_TASK, handleGeneratedMapTask, MAP_RENDERER_VERSION,
} from './generated-maps/generated-map-worker.ts';
import { GeneratedMapDispatcher } from './generated-maps/generated-map-dispatcher.ts';
import { renderMapPng } from './generated-maps/rendering/render-map-png.ts';
import {
  failExhaustedTerrainQuestion, handleTerrainQuestionTask, TERRAIN_QUESTION_WORK,
} from './terrain-questions/terrain-question-worker.ts';
import { TerrainQuestionDispatcher } from './terrain-questions/terrain-question-dispatcher.ts';
import type { TerrainPointReader } from './terrain-questions/terrain-agent-tool-executors.ts';
import { openLanguageModel } from '../infra/language-model/open-language-model.ts';

export interface WorkPipeline {
  queue: WorkQueue;
  dispatcher: TerrainDispatcher | null;
  close(): Promise<void>;
}

export interface WorkPipelineOptions {
  config: Config;
  store: EventStore;
  knex: Knex;
  logger: Logger;
  providers: Record<DatasetName, SourceProvider>;
  documents: DocumentStorage;
  /** The tile store: analysis workers write raster results there as tiles. */
  blobStore: BlobStore;
  env: Record<string, string | undefined>;
  dispatcher: boolean;
  workers: boolean;
  /** The model generation workers draft with (default: opened from config.languageModel). */
  languageModel?: LanguageModel;
  /** The point query (api/terrain/terrain-point.ts, bound by the caller) the terrain agent's point_query runs. */
  readTerrainPoint?: TerrainPointReader;
}

const SOURCE_VARIABLES = ['ELEVATION_SOURCE', 'LAND_COVER_SOURCE', 'ROADS_SOURCE', 'SOIL_SOURCE', 'POPULATION_SOURCE', 'BUILDINGS_SOURCE'];

export async function startWorkPipeline(options: WorkPipelineOptions): Promise<WorkPipeline> {
  const { config, store, logger } = options;
  const queue = await openWorkQueue(config, {
    stream: config.natsStream,
    subject: config.natsSubject,
    durable: config.natsDurable,
    ackWaitMs: config.taskAckWaitMs,
    maxDeliveries: config.taskMaxDeliveries,
    onDeadLetter: routeDeadLetters({
      [TERRAIN_PHASE_TASK]: failExhaustedPhase(store, logger),
      [DOCUMENT_TEXT_TASK]: failExhaustedExtraction(store, logger),
      [ANALYSIS_TASK]: failExhaustedAnalysis(store, logger),
      [GENERATION_TASK]: failExhaustedGeneration(store, logger),
      [GENERATED_MAP_TASK]: dropExhaustedGeneratedMap(logger),
      [TERRAIN_QUESTION_WORK]: failExhaustedTerrainQuestion(store, logger),
    }, (task) => { logger.error({ task_id: task.id, kind: task.kind }, 'dead task of an unknown kind dropped'); }),
    onError: (error, context) => logger.error({ err: error, ...context }, 'work queue error'),
  });
  let runner: PhaseRunner | null = null;
  let analysisRunner: AnalysisRunner | null = null;
  let consumer: TaskConsumer | null = null;
  let languageModel: LanguageModel | null = null;
  let extraction: ExtractionPool | null = null;
  if (options.workers) {
    languageModel = options.languageModel ?? await openLanguageModel(config.languageModel, DRAFTING_RULES);
    runner = createPhaseRunner(config.workerConcurrency, config.workerThreadNice);
    extraction = createExtractionPool({ heapMb: config.documentExtractionMemoryMb });
    analysisRunner = createAnalysisRunner(config.workerConcurrency, config.workerThreadNice);
    const sourceSettings = Object.fromEntries(SOURCE_VARIABLES.map((name) => [name, options.env[name]]));
    consumer = queue.consume(routeTasks({
      [TERRAIN_PHASE_TASK]: handleTerrainPhaseTask({
        store, runner, providers: options.providers, logger, tileStoreDir: config.tileStoreDir,
        sourceSettings,
      }),
      [DOCUMENT_TEXT_TASK]: handleDocumentTextTask({ store, storage: options.documents, logger, extraction }),
      [ANALYSIS_TASK]: handleAnalysisTask({
        store, runner: analysisRunner, sourceSettings, tileStoreDir: config.tileStoreDir, logger,
      }),
      [GENERATION_TASK]: handleGenerationTask({
        store, knex: options.knex, documents: options.documents, languageModel, maxTokens: config.languageModel.maxTokens, logger,
        blobStore: options.blobStore,
      }),
      [TERRAIN_QUESTION_WORK]: handleTerrainQuestionTask({
        store, knex: options.knex, providers: options.providers, blobStore: options.blobStore, languageModel, logger,
        readTerrainPoint: options.readTerrainPoint ?? null,
      }),
      [GENERATED_MAP_TASK]: handleGeneratedMapTask({
        store, knex: options.knex, blobStore: options.blobStore, render: renderMapPng,
        rendererVersion: MAP_RENDERER_VERSION, logger,
      }),
    }), { concurrency: config.workerConcurrency });
  }
  let dispatcher: TerrainDispatcher | null = null;
  let documentText: DocumentTextDispatcher | null = null;
  let analyses: AnalysisDispatcher | null = null;
  let generation: GenerationDispatcher | null = null;
  let generatedMaps: GeneratedMapDispatcher | null = null;
  let terrainQuestions: TerrainQuestionDispatcher | null = null;
  if (options.dispatcher) {
    dispatcher = new TerrainDispatcher(store, options.knex, queue, logger);
    await dispatcher.start();
    documentText = new DocumentTextDispatcher(store, options.knex, queue, logger);
    await documentText.start();
    analyses = new AnalysisDispatcher(store, options.knex, queue, logger);
    await analyses.start();
    generation = new GenerationDispatcher(store, options.knex, queue, logger);
    await generation.start();
    if (config.generatedMaps) {
      generatedMaps = new GeneratedMapDispatcher(store, options.knex, queue, logger);
      await generatedMaps.start();
    }
    terrainQuestions = new TerrainQuestionDispatcher(store, options.knex, queue, logger);
    await terrainQuestions.start();
  }
  let closing: Promise<void> | null = null;
  return {
    queue,
    dispatcher,
    close() {
      closing ??= (async () => {
        await dispatcher?.stop();
        await documentText?.stop();
        await analyses?.stop();
        await generation?.stop();
        await generatedMaps?.stop();
        await terrainQuestions?.stop();
        await consumer?.stop();
        await queue.close();
        await runner?.destroy();
        await extraction?.destroy();
        await analysisRunner?.destroy();
        // A model passed in is its owner's to close.
        if (!options.languageModel) await languageModel?.close();
      })();
      return closing;
    },
  };
}
