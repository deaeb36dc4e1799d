// The projectors that build the read models, in the order they run for each event.
import type { Projector } from '../projector.ts';
import { accountProjector } from './account-projector.ts';
import { apiKeyProjector } from './api-key-projector.ts';
import { operationProjector } from './operation-projector.ts';
import { operationHistoryProjector } from './operation-history-projector.ts';
import { mapProjector } from './map-projector.ts';
import { mapLayerProjector } from './map-layer-projector.ts';
import { terrainJobProjector } from './terrain-job-projector.ts';
import { analysisJobProjector } from './analysis-job-projector.ts';
import { planningRecordProjector } from './planning-record-projector.ts';
import { coaSectionProjector, coaStatementProjector } from './coa-statement-projector.ts';
import { llmSimulationProjector } from './llm-simulation-projector.ts';
import { documentProjector } from './document-projector.ts';
import { documentOrdersProjector } from './document-orders-projector.ts';
import { sessionProjector } from './session-projector.ts';
import { identityProjector } from './identity-projector.ts';
import { generationJobProjector } from './generation-job-projector.ts';
import { generatedMapProjector } from './generated-map-projector.ts';
import { terrainQuestionProjector } from './terrain-question-projector.ts';

export const allProjectors: Projector[] = [
  accountProjector,
  apiKeyProjector,
  operationProjector,
  operationHistoryProjector,
  mapProjector,
  mapLayerProjector,
  terrainJobProjector,
  analysisJobProjector,
  planningRecordProjector,
  coaStatementProjector,
  coaSectionProjector,
  llmSimulationProjector,
  documentProjector,
  documentOrdersProjector,
  sessionProjector,
  identityProjector,
  generationJobProjector,
  generatedMapProjector,
  terrainQuestionProjector,
];
