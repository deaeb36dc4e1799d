// POST /api/operations/{id}/warno/draft: one request drafts every WARNO paragraph (FM 6-0's five
// paragraphs and their sub-paragraphs) as one generation job with progress — 202 and Location
// /api/generation-jobs/{id}, polled until success or failed (commands/warno-draft-commands.ts,
// workers/generation/run-warno-draft.ts).
import { Type } from '@sinclair/typebox';
import { requestWarnoDraft } from '../../commands/warno-draft-commands.ts';
import { WARNO_TYPES } from '../../domain/planning-record/planning-catalogues.ts';
import { Uuid } from '../../domain/shared/schema-types.ts';
import { accessibleOperation } from '../access.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { HTTPError, MessageResponse, ownedResourceErrors } from '../common-schemas.ts';
import { generateFields } from '../planning/generation-schemas.ts';
import { writeOnce } from '../idempotent-write.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { defineRoute } from '../route-spec.ts';

export const warnoDraftRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'post',
    path: '/api/operations/{operation_id}/warno/draft',
    operationId: 'draft_warno',
    summary: 'Draft every WARNO paragraph of the operation (one generation job with progress)',
    description:
      `Answers 202 at once: \`id\` is the generation job; poll GET /api/generation-jobs/{id}. The job drafts the ` +
      `${WARNO_TYPES.length} WARNO records in FM 6-0 order (progress: step n of ${WARNO_TYPES.length}), each from ` +
      "the higher headquarters' order read from the operation's documents, the mission analysis built from it and " +
      'the newest terrain evaluation, written with origin "generated". A paragraph a person wrote since its last ' +
      'generation makes the request 409 unless overwrite.',
    tags: ['warno'],
    auth: true,
    params: Type.Object({ operation_id: Uuid }),
    body: Type.Object(generateFields, { additionalProperties: false, title: 'DraftWARNORequest' }),
    idempotent: true,
    authorize: ({ params, principal }) =>
      accessibleOperation(deps.readModels, (params.operation_id as string).toLowerCase(), principal),
    responses: {
      202: { description: 'Drafting requested; `id` is the job, Location its URL', schema: MessageResponse },
      409: { description: 'A person wrote a WARNO paragraph since its last generation', schema: HTTPError },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, body }) {
      const operationId = params.operation_id.toLowerCase();
      const { jobId, position } = await writeOnce(ctx, deps, () =>
        requestWarnoDraft(deps.store, commandContextOf(ctx), {
          operation_id: operationId,
          instructions: body.instructions ?? null,
          document_ids: body.document_ids ?? [],
          overwrite: body.overwrite ?? false,
        }),
      );
      const location = `/api/generation-jobs/${jobId}`;
      await awaitReadModels(deps, position, { id: jobId, location });
      ctx.status = 202;
      ctx.set('Location', location);
      ctx.body = { message: `Drafting of the WARNO requested: poll ${location}`, id: jobId };
    },
  }),
];
