// Generated maps of an operation (README "Generated maps"): the list of its assets, and one asset's
// PNG by path. The workers render them (workers/generated-maps/); serving logic:
// api/generated-maps/generated-map-answers.ts.
import { Type } from '@sinclair/typebox';
import { ASSET_PATH_PATTERN, GENERATED_MAP_KINDS } from '../../domain/generated-map/generated-map-vocabulary.ts';
import { DateTime, StringEnum, Uuid } from '../../domain/shared/schema-types.ts';
import { listGeneratedMaps } from '../../projections/queries/generated-map-queries.ts';
import { accessibleOperation } from '../access.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { HTTPError, ListEnvelope, ownedResourceErrors } from '../common-schemas.ts';
import {
  answerGeneratedMap,
  GENERATED_MAP_CACHE_CONTROL,
  generatedMapView,
} from '../generated-maps/generated-map-answers.ts';
import { requestOrigin } from '../ogc/request-origin.ts';
import { defineRoute } from '../route-spec.ts';

const GeneratedMapItem = Type.Object(
  {
    path: Type.String({
      description: 'The asset path: area-overview.png, mcoo-<movement class>.png, analysis-<analysis id>.png',
    }),
    title: Type.String(),
    kind: StringEnum(GENERATED_MAP_KINDS),
    map_id: Uuid,
    inputs: Type.Record(Type.String(), Type.String(), {
      description: 'What the map was drawn from: input streams with their versions, products with their hashes',
    }),
    input_hash: Type.String({
      description: 'Hash of the kind, the renderer version and the inputs (the content address)',
    }),
    renderer_version: Type.String(),
    created_at: DateTime,
    content_type: Type.String(),
    size: Type.Integer({ minimum: 1, description: 'Bytes' }),
    width: Type.Integer({ minimum: 1, description: 'Pixels of the whole image (face and margins)' }),
    height: Type.Integer({ minimum: 1 }),
    etag: Type.String({ description: 'The strong ETag the asset is served with' }),
    renderings: Type.Integer({ minimum: 1, description: 'How many different renderings the path has had' }),
    links: Type.Array(
      Type.Object({
        rel: Type.String(),
        href: Type.String(),
        type: Type.String(),
        title: Type.String(),
      }),
    ),
  },
  { title: 'GeneratedMap' },
);

const OperationParams = Type.Object({ operation_id: Uuid });
const AssetParams = Type.Object({
  operation_id: Uuid,
  asset_path: Type.String({
    pattern: ASSET_PATH_PATTERN,
    maxLength: 104,
    description: 'Lower-case letters, digits and hyphens ending in .png (no slash, dot segment or backslash)',
  }),
});

export const generatedMapRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: '/api/operations/{operation_id}/generated-maps/',
    operationId: 'list_generated_maps',
    summary: "The operation's generated maps (newest rendering per path)",
    description:
      'Rendered by the workers when their inputs become ready and again when they change: the area ' +
      'overview and one MCOO per movement class after a terrain job of the operation finishes, one map per ' +
      'completed analysis; all of them again when the boundary changes. Sorted by path.',
    tags: ['generated-maps'],
    auth: true,
    params: OperationParams,
    responses: {
      200: { description: 'The assets', schema: ListEnvelope(GeneratedMapItem, 'GeneratedMapList') },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, principal }) {
      await accessibleOperation(deps.readModels, params.operation_id, principal);
      const rows = await listGeneratedMaps(deps.readModels, params.operation_id);
      const origin = requestOrigin(ctx);
      ctx.body = {
        items: rows.map((row) => generatedMapView(origin, row)),
        total: rows.length,
        page: 1,
        size: Math.max(1, rows.length),
        pages: 1,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/operations/{operation_id}/generated-maps/{asset_path}',
    operationId: 'get_generated_map',
    summary: 'One generated map (PNG), the newest rendering at its path',
    description:
      'Strong ETag from the bytes; If-None-Match with it answers 304. A path that is not lower-case ' +
      'letters, digits and hyphens ending in .png answers 422; a well-formed path the operation has no map at, 404.',
    tags: ['generated-maps'],
    auth: true,
    params: AssetParams,
    responses: {
      200: {
        description: 'The map',
        contentType: 'image/png',
        schema: Type.String({ format: 'binary' }),
        headers: {
          ETag: { description: 'Strong ETag from the bytes', schema: Type.String() },
          'Cache-Control': { description: GENERATED_MAP_CACHE_CONTROL, schema: Type.String() },
        },
      },
      304: {
        description: 'If-None-Match matched: the asset is unchanged',
        headers: { ETag: { description: 'The current ETag', schema: Type.String() } },
      },
      ...ownedResourceErrors,
      404: { description: 'No such operation, or no generated map at this path', schema: HTTPError },
      503: { description: 'The asset is recorded but storage did not answer', schema: HTTPError },
    },
    async handler(ctx, { params, principal }) {
      await accessibleOperation(deps.readModels, params.operation_id, principal);
      const ifNoneMatch = ctx.get('if-none-match') || undefined;
      const answer = await answerGeneratedMap(deps, params.operation_id, params.asset_path, ifNoneMatch);
      ctx.set(answer.headers);
      ctx.status = answer.status;
      if (answer.body) ctx.body = answer.body;
    },
  }),
];
