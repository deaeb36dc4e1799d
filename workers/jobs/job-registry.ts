// Every kind of background job the service runs. Adding one: a folder with its declaration
// (workers/jobs/job-kind.ts) and a line here; the work pipeline wires the rest.
import { terrainPhaseJob } from '../terrain/terrain-phase-job.ts';
import { analysisJob } from '../analyses/analysis-job.ts';
import { documentTextJob } from '../documents/document-text-job.ts';
import { generatedMapJob } from '../generated-maps/generated-map-job.ts';
import { generationJob } from '../generation/generation-job.ts';
import { terrainQuestionJob } from '../terrain-questions/terrain-question-job.ts';
import { defineJobKind, type RegisteredJobKind } from './define-job-kind.ts';

export const JOB_KINDS: readonly RegisteredJobKind[] = [
  defineJobKind(terrainPhaseJob),
  defineJobKind(documentTextJob),
  defineJobKind(analysisJob),
  defineJobKind(generationJob),
  defineJobKind(generatedMapJob),
  defineJobKind(terrainQuestionJob),
];
