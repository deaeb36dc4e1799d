// The terrain agent (README "Terrain agent"): POST a question about a map; it answers 202 at once and
// the question is answered on the work queue (workers/terrain-questions) by the configured language
// model calling the terrain tools; poll GET /api/terrain-questions/{id} until answered or failed.
import { acceptJob } from '../accept-job.ts';
import { Type } from '@sinclair/typebox';
import { askTerrainQuestion } from '../../commands/terrain-question-commands.ts';
import { DateTime, NonEmptyText, StringEnum, Uuid } from '../../domain/shared/schema-types.ts';
import {
  MAX_AGENT_STEPS,
  MAX_QUESTION_CHARS,
  TERRAIN_QUESTION_FAILURE_CODES,
  TERRAIN_QUESTION_STATUSES,
  TerrainAgentProvenance,
  TerrainToolCall,
} from '../../domain/terrain-question/terrain-question-events.ts';
import {
  findTerrainQuestion,
  listTerrainQuestionsOfMap,
  type TerrainQuestionView,
} from '../../projections/queries/terrain-question-queries.ts';
import { accessibleMap, accessibleTerrainQuestion } from '../access.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { ListEnvelope, ownedResourceErrors, PageQuery } from '../common-schemas.ts';
import { writeOnce } from '../idempotent-write.ts';
import { defineRoute } from '../route-spec.ts';

const TAGS = ['terrain-agent'];

const TerrainQuestionRequest = Type.Object(
  {
    question: NonEmptyText(MAX_QUESTION_CHARS, 'The question about the map, in plain words'),
    max_steps: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_AGENT_STEPS,
        description: 'Most model turns (tool calls and the answer); default LLM_MAX_TOOL_STEPS. The last turn answers.',
      }),
    ),
  },
  { additionalProperties: false, title: 'TerrainQuestionRequest' },
);

const TerrainQuestionResponse = Type.Object(
  {
    id: Uuid,
    map_id: Uuid,
    operation_id: Uuid,
    question: Type.String(),
    max_steps: Type.Union([Type.Integer(), Type.Null()]),
    status: StringEnum(
      TERRAIN_QUESTION_STATUSES,
      'pending until the agent has answered (answered) or given up (failed)',
    ),
    answer: Type.Union([Type.String(), Type.Null()]),
    tool_calls: Type.Array(TerrainToolCall, {
      description: 'Every tool call the model made, in order, with its result',
    }),
    provenance: Type.Union([TerrainAgentProvenance, Type.Null()]),
    error: Type.Union([
      Type.Object({ code: StringEnum(TERRAIN_QUESTION_FAILURE_CODES), message: Type.String() }),
      Type.Null(),
    ]),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: 'TerrainQuestionResponse' },
);

function questionView(view: TerrainQuestionView) {
  const s = view.state;
  return {
    id: view.question_id,
    map_id: s.map_id,
    operation_id: s.operation_id,
    question: s.question,
    max_steps: s.max_steps,
    status: s.status,
    answer: s.answer,
    tool_calls: s.tool_calls,
    provenance: s.provenance,
    error: s.error,
    created_at: view.created_at,
    updated_at: view.updated_at,
  };
}

export const terrainQuestionRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'post',
    path: '/api/maps/{map_id}/terrain-questions',
    operationId: 'ask_terrain_question',
    summary: 'Ask the terrain agent a question about the map',
    description:
      'Answers 202 at once with the pending question (Location: GET /api/terrain-questions/{id}). ' +
      'The configured language model answers it by calling the terrain tools (terrain summary, point query, ' +
      'route, landing zones, line of sight, RF coverage); every call and its result is recorded. Without a ' +
      'model, the rule-based agent answers the question forms README "Terrain agent" lists.',
    tags: TAGS,
    auth: true,
    params: Type.Object({ map_id: Uuid }),
    body: TerrainQuestionRequest,
    idempotent: true,
    authorize: async ({ params, principal }) => {
      await accessibleMap(deps.readModels, params.map_id.toLowerCase(), principal);
    },
    responses: {
      202: { description: 'Accepted: poll the Location', schema: TerrainQuestionResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, body }) {
      const mapId = params.map_id.toLowerCase();
      const input = { question: body.question, max_steps: body.max_steps ?? null };
      const { questionId, position, question } = await writeOnce(ctx, deps, () =>
        askTerrainQuestion(deps.store, commandContextOf(ctx), mapId, input),
      );
      const location = `/api/terrain-questions/${questionId}`;
      await acceptJob(ctx, deps, { id: questionId, location, position }, { status: 202, noStore: true });
      // The question as accepted (pending): a fast worker may have answered it already; GET shows that.
      const row = (await findTerrainQuestion(deps.readModels, questionId))!;
      ctx.body = questionView({ ...row, state: question, updated_at: row.created_at });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/maps/{map_id}/terrain-questions',
    operationId: 'list_terrain_questions',
    summary: "The map's terrain questions, newest first",
    tags: TAGS,
    auth: true,
    params: Type.Object({ map_id: Uuid }),
    query: Type.Object({
      status: Type.Optional(StringEnum(TERRAIN_QUESTION_STATUSES, 'Only questions in this status')),
      ...PageQuery,
    }),
    responses: {
      200: {
        description: 'A page of questions',
        schema: ListEnvelope(TerrainQuestionResponse, 'ListTerrainQuestionResponse'),
      },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, query, principal }) {
      await accessibleMap(deps.readModels, params.map_id, principal);
      const page = await listTerrainQuestionsOfMap(deps.readModels, params.map_id, { status: query.status }, query);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { ...page, items: page.items.map(questionView) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/terrain-questions/{question_id}',
    operationId: 'get_terrain_question',
    summary: 'A terrain question: status, answer, tool calls and provenance',
    tags: TAGS,
    auth: true,
    params: Type.Object({ question_id: Uuid }),
    responses: {
      200: { description: 'The question', schema: TerrainQuestionResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, principal }) {
      const view = await accessibleTerrainQuestion(deps.readModels, params.question_id, principal);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = questionView(view);
    },
  }),
];
