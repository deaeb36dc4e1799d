// POST /api/coa-statements/generate: drafts several COA statements of an operation with the language
// model. Answers at once with the new statements (a ListCOAStatementResponse page, placeholders named
// "COA n (drafting)") and Location: /api/generation-jobs/{id}, the one job that drafts them all.
import { acceptJob } from '../accept-job.ts';
import { Type } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { requestCoaGeneration } from '../../commands/coa-generation-commands.ts';
import { DEFAULT_COA_COUNT, MAX_COA_COUNT, MIN_COA_COUNT } from '../../domain/generation/coa-generation.ts';
import { Uuid } from '../../domain/shared/schema-types.ts';
import {
  attributesOfStatements,
  countSections,
  findCoaStatement,
} from '../../projections/queries/coa-statement-queries.ts';
import { accessibleOperation } from '../access.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { ownedResourceErrors } from '../common-schemas.ts';
import { ListCOAStatementResponse, statementView } from '../planning/coa-schemas.ts';
import { generateFields } from '../planning/generation-schemas.ts';
import { writeOnce } from '../idempotent-write.ts';
import { defineRoute } from '../route-spec.ts';

const COAStatementGenerationRequest = Type.Object(
  {
    operation_id: Uuid,
    count: Type.Optional(
      Type.Integer({
        minimum: MIN_COA_COUNT,
        maximum: MAX_COA_COUNT,
        default: DEFAULT_COA_COUNT,
        description: 'How many COAs to draft (FM 5-0 asks for several, distinguishable from one another)',
      }),
    ),
    instructions: generateFields.instructions,
    document_ids: generateFields.document_ids,
  },
  { additionalProperties: false, title: 'COAStatementGenerationRequest' },
);

async function statementViews(knex: Knex, ids: string[]) {
  const [attributes, counts] = await Promise.all([attributesOfStatements(knex, ids), countSections(knex, ids)]);
  const views = [];
  for (const id of ids) {
    const row = (await findCoaStatement(knex, id))!;
    views.push(
      statementView(
        row,
        attributes.filter((a) => a.coa_statement_id === id),
        counts.get(id) ?? 0,
      ),
    );
  }
  return views;
}

export const coaGenerationRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'post',
    path: '/api/coa-statements/generate',
    operationId: 'generate_coa_statements',
    summary: 'Draft several COA statements of an operation with the language model (one generation job)',
    description:
      'Creates `count` statements at once, named "COA 1 (drafting)" … with a description naming the job, ' +
      'and answers them (version 1) with Location: /api/generation-jobs/{id}. One job drafts them all in one ' +
      'structured call; when it succeeds each statement has its name, statement, attributes (form of maneuver, ' +
      'main effort, task organization, decisive/shaping/sustaining operations, reserve, end state) and sections, ' +
      'written with origin "generated", and its FM 5-0 screening: distinguishable and complete by rule, feasible, ' +
      'acceptable and suitable only from a model verdict with rationale (else not_assessed); the job lists the ' +
      'screening under coa_screening. A failed job (LLM_UNAVAILABLE, LLM_TIMEOUT, LLM_INVALID_OUTPUT) writes ' +
      'nothing: the statements keep their placeholders.',
    tags: ['coa-statements'],
    auth: true,
    body: COAStatementGenerationRequest,
    idempotent: true,
    responses: {
      200: {
        description: 'The new statements (placeholders); Location names the job',
        schema: ListCOAStatementResponse,
      },
      ...ownedResourceErrors,
    },
    async handler(ctx, { body, principal }) {
      const operationId = body.operation_id.toLowerCase();
      await accessibleOperation(deps.readModels, operationId, principal);
      const count = body.count ?? DEFAULT_COA_COUNT;
      const requested = await writeOnce(ctx, deps, async () => {
        const { jobId, statementIds, position } = await requestCoaGeneration(deps.store, commandContextOf(ctx), {
          operation_id: operationId,
          count,
          instructions: body.instructions ?? null,
          document_ids: body.document_ids ?? [],
        });
        return { jobId, statementIds, position };
      });
      await acceptJob(ctx, deps, {
        id: requested.jobId,
        location: `/api/generation-jobs/${requested.jobId}`,
        position: requested.position,
      });
      ctx.body = {
        items: await statementViews(deps.readModels, requested.statementIds),
        total: count,
        page: 1,
        size: count,
        pages: 1,
      };
    },
  }),
];
