// /api/mission-analysis/ and /api/warno/: the field catalogues, one record per operation and type
// (read, with ?as_of= as it was), and its update. The generate endpoints come with the language-model
// issue and will write the same events with origin "generated" (README "Planning records").
import { Type } from '@sinclair/typebox';
import { updatePlanningRecord } from '../../commands/planning-record-commands.ts';
import { StringEnum, Uuid, DateTime } from '../../domain/shared/schema-types.ts';
import type { CatalogueEntry } from '../../domain/planning-record/planning-catalogues.ts';
import {
  MISSION_ANALYSIS_CATALOGUE,
  MISSION_ANALYSIS_TYPES,
  WARNO_CATALOGUE,
  WARNO_TYPES,
  warnoFieldTree,
} from '../../domain/planning-record/planning-catalogues.ts';
import { PlanningItemInput } from '../../domain/planning-record/planning-items.ts';
import {
  MAX_RECORD_ITEMS,
  MAX_RECORD_TEXT,
  planningRecordId,
  planningRecordStream,
  Provenance,
  StoredPlanningItem,
  type PlanningRecordKind,
} from '../../domain/planning-record/planning-record-events.ts';
import { planningRecordDecider } from '../../domain/planning-record/planning-record-decider.ts';
import type { PlanningRecordEvent } from '../../domain/planning-record/planning-record-events.ts';
import { findPlanningRecordOf, type PlanningRecordRow } from '../../projections/queries/planning-record-queries.ts';
import { operationHistoryUpTo } from '../../projections/queries/operation-history-queries.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { answerVersionedWrite } from '../answer-versioned-write.ts';
import { ifMatchRevision } from '../if-match.ts';
import { accessibleOperation } from '../access.ts';
import { parseAsOf } from '../as-of-parameter.ts';
import { accessiblePlanningRecord, type PlanningRecordTarget } from '../planning-record-access.ts';
import { authErrors, MessageResponse, ownedResourceErrors } from '../common-schemas.ts';

interface RecordApi {
  kind: PlanningRecordKind;
  base: string;
  label: string;
  tag: string;
  idParam: string;
  catalogue: readonly CatalogueEntry[];
  types: readonly string[];
  names: { available: string; response: string; update: string };
}

const recordResponse = (api: RecordApi, typeSchema: ReturnType<typeof StringEnum>) =>
  Type.Object(
    {
      id: Uuid,
      operation_id: Uuid,
      type: typeSchema,
      title: Type.String({ description: 'What the type holds' }),
      doctrine: Type.String({ description: 'Manual and paragraph the type follows' }),
      content: Type.Unsafe<'text' | 'items'>({
        type: 'string',
        enum: ['text', 'items'],
        description: 'text: free text only; items: a structured list (and an optional text)',
      }),
      text: Type.Union([Type.String(), Type.Null()], { description: 'Markdown' }),
      text_updated_by: Type.Union([Provenance, Type.Null()]),
      items: Type.Array(StoredPlanningItem),
      version: Type.Integer({
        minimum: 0,
        description: 'Number of changes (0: never written); send it in If-Match to update only that version',
      }),
      created_at: Type.Union([DateTime, Type.Null()]),
      updated_at: Type.Union([DateTime, Type.Null()]),
    },
    { title: api.names.response },
  );

function recordView(
  api: RecordApi,
  operationId: string,
  type: string,
  row: Pick<PlanningRecordRow, 'text' | 'text_updated_by' | 'items' | 'version' | 'created_at' | 'updated_at'> | null,
) {
  const entry = api.catalogue.find((e) => e.type === type)!;
  const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null);
  return {
    id: planningRecordId(api.kind, operationId, type),
    operation_id: operationId,
    type,
    title: entry.title,
    doctrine: entry.doctrine,
    content: entry.items ? 'items' : 'text',
    text: row?.text ?? null,
    text_updated_by: row?.text_updated_by ?? null,
    items: row?.items ?? [],
    version: row?.version ?? 0,
    created_at: iso(row?.created_at),
    updated_at: iso(row?.updated_at),
  };
}

function recordRoutes(deps: ApiDependencies, api: RecordApi) {
  const TypeSchema = StringEnum(api.types as string[], `${api.names.available}: ${api.types.join(', ')}`);
  const Response = recordResponse(api, TypeSchema);
  const UpdateRequest = Type.Object(
    {
      text: Type.Optional(
        Type.Unsafe<string | null>({
          type: ['string', 'null'],
          maxLength: MAX_RECORD_TEXT,
          description: `Markdown, at most ${MAX_RECORD_TEXT} characters; null clears it`,
        }),
      ),
      items: Type.Optional(
        Type.Array(PlanningItemInput, {
          maxItems: MAX_RECORD_ITEMS,
          description:
            'The whole list in order: an item with a known item_id is kept (and keeps its provenance when unchanged), one ' +
            'without is added, a missing one is removed',
        }),
      ),
    },
    { additionalProperties: false, minProperties: 1, title: api.names.update },
  );
  const IdParams = Type.Object({ [api.idParam]: Uuid });
  return [
    defineRoute({
      method: 'get',
      path: `${api.base}/fields`,
      operationId: `${api.kind}_fields`,
      summary: `The ${api.label} types (${api.names.available})`,
      tags: [api.tag],
      auth: true,
      responses: {
        200: {
          description: 'The catalogue',
          schema: api.kind === 'warno' ? Type.Record(Type.String(), Type.Array(Type.String())) : Type.Array(TypeSchema),
        },
        ...authErrors,
      },
      async handler(ctx) {
        ctx.body = api.kind === 'warno' ? warnoFieldTree() : [...api.types];
      },
    }),
    defineRoute({
      method: 'get',
      path: `${api.base}/`,
      operationId: `get_${api.kind}`,
      summary: `An operation's ${api.label} record of one type (an empty record, version 0, until written)`,
      description: 'With as_of (RFC 3339 time or global position): the record as it was then.',
      tags: [api.tag],
      auth: true,
      query: Type.Object({
        operation_id: Uuid,
        type: TypeSchema,
        as_of: Type.Optional(Type.String({ description: 'RFC 3339 date-time or global position' })),
      }),
      responses: { 200: { description: 'The record', schema: Response }, ...ownedResourceErrors },
      async handler(ctx, { query, principal }) {
        await accessibleOperation(deps.readModels, query.operation_id, principal);
        if (query.as_of !== undefined) {
          const entries = await operationHistoryUpTo(deps.readModels, query.operation_id, parseAsOf(query.as_of));
          const stream = planningRecordStream(api.kind, planningRecordId(api.kind, query.operation_id, query.type));
          const own = entries.filter((e) => e.stream_id === stream);
          const decider = planningRecordDecider(api.kind);
          let state = decider.initialState();
          for (const e of own) state = decider.evolve(state, { type: e.type, data: e.data } as PlanningRecordEvent);
          ctx.body = recordView(
            api,
            query.operation_id,
            query.type,
            state.status === 'active'
              ? {
                  ...state,
                  version: own.length,
                  created_at: own[0]!.occurred_at,
                  updated_at: own[own.length - 1]!.occurred_at,
                }
              : null,
          );
          return;
        }
        const row = await findPlanningRecordOf(deps.readModels, api.kind, query.operation_id, query.type);
        ctx.set('ETag', `"${row?.version ?? 0}"`);
        ctx.body = recordView(api, query.operation_id, query.type, row);
      },
    }),
    defineRoute({
      method: 'put',
      path: `${api.base}/{${api.idParam}}`,
      operationId: `update_${api.kind}`,
      summary: `Update a ${api.label} record: its text, its items, or both`,
      description:
        'Optional If-Match: "<version>" makes the update conditional (409 when the record has moved on). Items are ' +
        "checked against the type's list (kinds and fields; see the catalogue in README).",
      tags: [api.tag],
      auth: true,
      params: IdParams,
      body: UpdateRequest,
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
        200: { description: 'Updated', schema: MessageResponse },
        409: { description: 'If-Match did not match' },
        ...ownedResourceErrors,
      },
      async handler(ctx, { params, body, authorized }) {
        const expected = ifMatchRevision(ctx.get('if-match'));
        const target = authorized as PlanningRecordTarget;
        const entry = api.catalogue.find((e) => e.type === target.type)!;
        const result = await updatePlanningRecord(deps.store, commandContextOf(ctx), {
          kind: api.kind,
          record_id: (params[api.idParam] as string).toLowerCase(),
          operation_id: target.operation_id,
          record_type: target.type,
          rule: entry.items,
          label: `${api.label} ${target.type}`,
          text: body.text,
          items: body.items,
          expected_version: expected,
        });
        await answerVersionedWrite(ctx, deps, result, api.label);
      },
    }),
  ];
}

export const missionAnalysisRoutes = (deps: ApiDependencies) =>
  recordRoutes(deps, {
    kind: 'mission_analysis',
    base: '/api/mission-analysis',
    label: 'Mission analysis',
    tag: 'mission-analysis',
    idParam: 'mission_analysis_id',
    catalogue: MISSION_ANALYSIS_CATALOGUE,
    types: MISSION_ANALYSIS_TYPES,
    names: {
      available: 'MissionAnalysisAvailable',
      response: 'MissionAnalysisResponse',
      update: 'MissionAnalysisUpdateRequest',
    },
  });

export const warnoRoutes = (deps: ApiDependencies) =>
  recordRoutes(deps, {
    kind: 'warno',
    base: '/api/warno',
    label: 'WARNO',
    tag: 'warno',
    idParam: 'warno_id',
    catalogue: WARNO_CATALOGUE,
    types: WARNO_TYPES,
    names: { available: 'WARNOAvailable', response: 'WARNOResponse', update: 'WARNOUpdateRequest' },
  });
