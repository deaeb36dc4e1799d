// Generation of planning records: POST …/{id}/generate answers at once with a MessageResponse whose
// `id` is the generation job; the job runs on the work queue (workers/generation) and is polled at
// GET /api/generation-jobs/{generation_job_id} until its status is success or failed.
import { acceptJob } from '../accept-job.ts';
import { Type } from '@sinclair/typebox';
import { requestGeneration, requestGenerations } from '../../commands/generation-job-commands.ts';
import {
  GENERATION_FAILURE_CODES,
  GENERATION_STATUSES,
  GENERATION_TARGET_KINDS,
  GenerationProgress,
  GenerationProvenance,
  SimulationRequest,
  type PlanningDraftKind,
} from '../../domain/generation-job/generation-job-events.ts';
import { CoaGenerationRequest, CoaGenerationResult } from '../../domain/generation/coa-generation.ts';
import { MISSION_ANALYSIS_TYPES, WARNO_TYPES } from '../../domain/planning-record/planning-catalogues.ts';
import { planningRecordId } from '../../domain/planning-record/planning-record-events.ts';
import { requireAccess } from '../../domain/shared/require-access.ts';
import { DateTime, StringEnum, Uuid } from '../../domain/shared/schema-types.ts';
import { findGenerationJob } from '../../projections/queries/generation-job-queries.ts';
import { accessibleOperation } from '../access.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { HTTPError, MessageResponse, ownedResourceErrors } from '../common-schemas.ts';
import { accessiblePlanningRecord, type PlanningRecordTarget } from '../planning-record-access.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { writeOnce } from '../idempotent-write.ts';
import { defineRoute } from '../route-spec.ts';
import { generateFields } from '../planning/generation-schemas.ts';

const GenerationJobResponse = Type.Object(
  {
    id: Uuid,
    operation_id: Uuid,
    kind: StringEnum(GENERATION_TARGET_KINDS),
    record_id: Uuid,
    record_type: Type.String(),
    status: StringEnum(
      GENERATION_STATUSES,
      'pending until the worker has written the record (success) or given up (failed)',
    ),
    instructions: Type.Union([Type.String(), Type.Null()]),
    document_ids: Type.Array(Uuid),
    overwrite: Type.Boolean(),
    base_version: Type.Integer({ minimum: 0, description: 'The record version the draft is written onto' }),
    record_version: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'The record version after the draft (success)',
    }),
    provenance: Type.Union([GenerationProvenance, Type.Null()]),
    error: Type.Union([
      Type.Object({ code: StringEnum(GENERATION_FAILURE_CODES), message: Type.String() }),
      Type.Null(),
    ]),
    progress: Type.Union([GenerationProgress, Type.Null()], {
      description: 'The last step the worker reported (step of of, label), kept after the end; null before the first',
    }),
    simulation: Type.Union([SimulationRequest, Type.Null()], {
      description: 'kind llm_simulation: what is wargamed, with the seed used (record_id is the simulation id)',
    }),
    coa_statements: Type.Union([CoaGenerationRequest, Type.Null()], {
      description: 'kind coa_statements: the statements the job drafts, in order (record_id is the operation)',
    }),
    coa_screening: Type.Union([CoaGenerationResult, Type.Null()], {
      description: 'kind coa_statements, on success: the FM 5-0 screening recorded on each statement',
    }),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: 'GenerationJobResponse' },
);

interface GenerateApi {
  kind: PlanningDraftKind;
  base: string;
  idParam: string;
  label: string;
  tag: string;
  types: readonly string[];
  request: string;
}

function generateRoute(deps: ApiDependencies, api: GenerateApi) {
  return defineRoute({
    method: 'post',
    path: `${api.base}/{${api.idParam}}/generate`,
    operationId: `generate_${api.kind}`,
    summary: `Draft a ${api.label} record with the language model (a generation job)`,
    description:
      'Answers at once: `id` is the generation job; poll GET /api/generation-jobs/{id}. ' +
      'The draft is written ' +
      'with origin "generated" onto the version the record has now; a failed generation writes nothing.',
    tags: [api.tag],
    auth: true,
    params: Type.Object({ [api.idParam]: Uuid }),
    body: Type.Object(generateFields, { additionalProperties: false, title: api.request }),
    idempotent: true,
    authorize: ({ params, principal }) =>
      accessiblePlanningRecord(
        deps.readModels,
        api.kind,
        api.types,
        params[api.idParam] as string,
        principal,
        api.label,
      ),
    responses: {
      200: { description: 'Generation requested; `id` is the job', schema: MessageResponse },
      409: {
        description: 'A person wrote the record since its last generation, and overwrite is not set',
        schema: HTTPError,
      },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, body, authorized }) {
      const target = authorized as PlanningRecordTarget;
      const request = {
        target_kind: api.kind,
        record_id: (params[api.idParam] as string).toLowerCase(),
        operation_id: target.operation_id,
        record_type: target.type,
        instructions: body.instructions ?? null,
        document_ids: body.document_ids ?? [],
        overwrite: body.overwrite ?? false,
      };
      const { jobId, position } = await writeOnce(ctx, deps, () =>
        requestGeneration(deps.store, commandContextOf(ctx), request),
      );
      await acceptJob(ctx, deps, { id: jobId, location: `/api/generation-jobs/${jobId}`, position });
      const message = `Generation of ${api.label} ${target.type} requested: poll /api/generation-jobs/${jobId}`;
      ctx.body = { message, id: jobId };
    },
  });
}

const GenerateMissionAnalysisRequest = Type.Object(
  {
    operation_id: Uuid,
    types: Type.Array(StringEnum(MISSION_ANALYSIS_TYPES, 'MissionAnalysisAvailable'), {
      minItems: 1,
      maxItems: MISSION_ANALYSIS_TYPES.length,
      uniqueItems: true,
      description: 'The products to draft, in order',
    }),
    ...generateFields,
  },
  { additionalProperties: false, title: 'GenerateMissionAnalysisRequest' },
);

const GenerateMissionAnalysisResponse = Type.Object(
  {
    message: Type.String(),
    items: Type.Array(
      Type.Object({
        type: StringEnum(MISSION_ANALYSIS_TYPES, 'MissionAnalysisAvailable'),
        mission_analysis_id: Uuid,
        generation_job_id: Uuid,
      }),
      { description: 'One generation job per type, in the order asked' },
    ),
  },
  { title: 'GenerateMissionAnalysisResponse' },
);

const generateSeveralRoute = (deps: ApiDependencies) =>
  defineRoute({
    method: 'post',
    path: '/api/mission-analysis/generate',
    operationId: 'generate_mission_analyses',
    summary: 'Draft several mission-analysis products of an operation (one generation job each)',
    description:
      'Every record is checked first: one a person wrote since its last generation makes the request 409 ' +
      '(unless overwrite) and requests nothing. Poll each job at GET /api/generation-jobs/{id}.',
    tags: ['mission-analysis'],
    auth: true,
    body: GenerateMissionAnalysisRequest,
    idempotent: true,
    responses: {
      200: { description: 'Generations requested', schema: GenerateMissionAnalysisResponse },
      409: { description: 'A person wrote one of the records since its last generation', schema: HTTPError },
      ...ownedResourceErrors,
    },
    async handler(ctx, { body, principal }) {
      const operationId = body.operation_id.toLowerCase();
      await accessibleOperation(deps.readModels, operationId, principal);
      const targets = body.types.map((type) => ({ type, id: planningRecordId('mission_analysis', operationId, type) }));
      const requests = targets.map((t) => ({
        target_kind: 'mission_analysis' as const,
        record_id: t.id,
        operation_id: operationId,
        record_type: t.type,
        instructions: body.instructions ?? null,
        document_ids: body.document_ids ?? [],
        overwrite: body.overwrite ?? false,
      }));
      const jobs = await writeOnce(ctx, deps, () => requestGenerations(deps.store, commandContextOf(ctx), requests));
      const ids = jobs.map((j) => j.jobId);
      await awaitReadModels(deps, Math.max(...jobs.map((j) => j.position ?? 0)), { id: ids[0]!, ids });
      ctx.body = {
        message: `Generation of ${jobs.length} mission-analysis product(s) requested: poll /api/generation-jobs/{id}`,
        items: targets.map((t, i) => ({ type: t.type, mission_analysis_id: t.id, generation_job_id: jobs[i]!.jobId })),
      };
    },
  });

export const generationRoutes = (deps: ApiDependencies) => [
  generateSeveralRoute(deps),
  generateRoute(deps, {
    kind: 'warno',
    base: '/api/warno',
    idParam: 'warno_id',
    label: 'WARNO',
    tag: 'warno',
    types: WARNO_TYPES,
    request: 'GenerateWARNORequest',
  }),
  generateRoute(deps, {
    kind: 'mission_analysis',
    base: '/api/mission-analysis',
    idParam: 'mission_analysis_id',
    label: 'Mission analysis',
    tag: 'mission-analysis',
    types: MISSION_ANALYSIS_TYPES,
    request: 'GenerateSingleMissionAnalysisRequest',
  }),
  defineRoute({
    method: 'get',
    path: '/api/generation-jobs/{generation_job_id}',
    operationId: 'get_generation_job',
    summary: 'A generation job: its status, and when done the record version it wrote and its provenance, or its error',
    tags: ['generation'],
    auth: true,
    params: Type.Object({ generation_job_id: Uuid }),
    responses: { 200: { description: 'The job', schema: GenerationJobResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const id = params.generation_job_id.toLowerCase();
      const row = requireAccess(await findGenerationJob(deps.readModels, id), principal.account_id, {
        kind: 'Generation job',
        id,
      });
      await accessibleOperation(deps.readModels, row.operation_id, principal);
      const job = row.state;
      ctx.body = {
        id: job.job_id,
        operation_id: job.operation_id,
        kind: job.target_kind,
        record_id: job.record_id,
        record_type: job.record_type,
        status: job.status,
        instructions: job.instructions,
        document_ids: job.document_ids,
        overwrite: job.overwrite,
        base_version: job.base_version,
        record_version: job.record_version,
        provenance: job.provenance,
        error: job.error,
        progress: job.progress ?? null,
        simulation: job.simulation ?? null,
        coa_statements: job.coa_statements ?? null,
        coa_screening: job.coa_screening ?? null,
        created_at: new Date(row.created_at).toISOString(),
        updated_at: new Date(row.updated_at).toISOString(),
      };
    },
  }),
];
