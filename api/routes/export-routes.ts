// Exports of an operation (README "Exports"): its map layers as GeoPackage, KML and KMZ. Each is
// built from the read models when asked and sent whole as an attachment; access as every
// operation child (missing or deleted → 404, another account → 403). Serving logic: api/exports/.
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../domain/shared/schema-types.ts';
import { accessibleOperation } from '../access.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { ownedResourceErrors } from '../common-schemas.ts';
import { attachment, LAYER_EXPORT_FORMATS, layerExport, type LayerExportFormat } from '../exports/layer-exports.ts';
import { defineRoute } from '../route-spec.ts';
import { MBTILES_MEDIA_TYPE, terrainExport } from '../exports/terrain-exports.ts';
import { requireTileCollection } from '../ogc/serve-tile.ts';
import { TILE_COLLECTIONS, TILE_MAX_ZOOM, TILE_MIN_ZOOM } from '../ogc/tile-collections.ts';
import { MAX_TERRAIN_EXPORT_TILES } from '../../domain/exports/terrain-export-tiles.ts';
import { CLASSIFICATION_PATTERN } from '../../domain/document/document-events.ts';
import {
  DOCUMENT_FORMATS,
  RECORD_EXPORTS,
  recordExport,
  type DocumentFormat,
  type RecordExport,
} from '../exports/record-exports.ts';
import { HTTPError } from '../common-schemas.ts';

const OperationParams = Type.Object({ operation_id: Uuid });
const TAGS = ['exports'];
const DISPOSITION = { description: 'attachment; filename="<operation>-<product>.<ext>"', schema: Type.String() };

const layerExportRoute = (deps: ApiDependencies, format: LayerExportFormat) =>
  defineRoute({
    method: 'get',
    path: `/api/operations/{operation_id}/exports/layers.${format}`,
    operationId: `export_layers_${format}`,
    summary: `The operation's map layers as ${LAYER_EXPORT_FORMATS[format].note}`,
    description:
      'Every layer of every map of the operation (area of operations, named areas, annotations, entities, ' +
      'analysis results, terrain evaluation, COA sketches), current version, one table or folder per layer ' +
      "with the features' properties as attributes; layers without features are left out. WGS 84 " +
      'longitude/latitude (EPSG:4326).',
    tags: TAGS,
    auth: true,
    params: OperationParams,
    responses: {
      200: {
        description: 'The file',
        contentType: LAYER_EXPORT_FORMATS[format].contentType,
        schema: Type.String({ format: 'binary' }),
        headers: { 'Content-Disposition': DISPOSITION },
      },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, principal }) {
      const operation = await accessibleOperation(deps.readModels, params.operation_id, principal);
      const file = await layerExport(deps.readModels, operation, format, new Date());
      ctx.set('Content-Disposition', attachment(file.fileName));
      ctx.set('Cache-Control', 'private, no-store');
      ctx.type = file.contentType;
      ctx.body = file.body;
    },
  });

const DocumentQuery = Type.Object({
  classification: Type.Optional(
    Type.String({
      pattern: CLASSIFICATION_PATTERN,
      description:
        "The banner marking, e.g. UNCLASSIFIED or SECRET//REL TO USA, FVEY (capitals, digits, spaces, / , ( ) ' . -; " +
        "≤ 64). Without it: the highest marking of the operation's documents, else UNMARKED.",
    }),
  ),
});

const recordExportRoute = (deps: ApiDependencies, product: RecordExport, format: DocumentFormat) =>
  defineRoute({
    method: 'get',
    path: `/api/operations/{operation_id}/exports/${product}.${format}`,
    operationId: `export_${product.replace('-', '_')}_${format}`,
    summary: `${RECORD_EXPORTS[product]} as ${format.toUpperCase()}`,
    description:
      'Laid out after FM 6-0: the classification banner at the top and bottom of every page, the heading block ' +
      '(issuing unit, operation, date-time of this copy), the paragraphs in doctrinal order with their text and ' +
      'items; under each, who wrote it (a person or the language model, and when), or the one input still missing.',
    tags: TAGS,
    auth: true,
    params: OperationParams,
    query: DocumentQuery,
    responses: {
      200: {
        description: 'The document',
        contentType: DOCUMENT_FORMATS[format],
        schema: Type.String({ format: 'binary' }),
        headers: { 'Content-Disposition': DISPOSITION },
      },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, query, principal }) {
      const operation = await accessibleOperation(deps.readModels, params.operation_id, principal);
      const file = await recordExport(
        deps.readModels,
        operation,
        product,
        format,
        query.classification ?? null,
        new Date(),
      );
      ctx.set('Content-Disposition', attachment(file.fileName));
      ctx.set('Cache-Control', 'private, no-store');
      ctx.type = file.contentType;
      ctx.body = file.body;
    },
  });

const TerrainQuery = Type.Object({
  collection: Type.Unsafe<string>({
    type: 'string',
    enum: TILE_COLLECTIONS.map((c) => c.id),
    default: 'svc-native--terrain-elevation',
    description: 'The OGC Tiles collection to pack (default: elevation, Terrain-RGB PNG)',
  }),
});

export const exportRoutes = (deps: ApiDependencies) => [
  ...(Object.keys(RECORD_EXPORTS) as RecordExport[]).flatMap((product) =>
    (Object.keys(DOCUMENT_FORMATS) as DocumentFormat[]).map((format) => recordExportRoute(deps, product, format)),
  ),
  layerExportRoute(deps, 'gpkg'),
  layerExportRoute(deps, 'kml'),
  layerExportRoute(deps, 'kmz'),
  defineRoute({
    method: 'get',
    path: '/api/operations/{operation_id}/exports/terrain.mbtiles',
    operationId: 'export_terrain_mbtiles',
    summary: "The prepared terrain over the operation's areas of operations as MBTiles 1.3 (offline maps)",
    description:
      `The display tiles of one OGC Tiles collection, zooms ${TILE_MIN_ZOOM}–${TILE_MAX_ZOOM}, over every area of ` +
      "operations of the operation's maps: each tile byte for byte as GET /api/ogc/tiles/… serves it (PNG or MVT). " +
      `Tiles still being prepared are left out (X-Tiles-Not-Ready counts them). At most ${MAX_TERRAIN_EXPORT_TILES} ` +
      'tiles: a larger area answers 409, as does an operation without an area of operations or prepared terrain.',
    tags: TAGS,
    auth: true,
    params: OperationParams,
    query: TerrainQuery,
    responses: {
      200: {
        description: 'The MBTiles file (SQLite)',
        contentType: MBTILES_MEDIA_TYPE,
        schema: Type.String({ format: 'binary' }),
        headers: {
          'Content-Disposition': DISPOSITION,
          'X-Tiles-Included': { description: 'Tiles in the package', schema: Type.Integer() },
          'X-Tiles-Not-Ready': {
            description: 'Tiles of the area still being prepared (left out)',
            schema: Type.Integer(),
          },
        },
      },
      ...ownedResourceErrors,
      409: { description: 'No area of operations, nothing prepared yet, or too many tiles', schema: HTTPError },
    },
    async handler(ctx, { params, query, principal }) {
      const operation = await accessibleOperation(deps.readModels, params.operation_id, principal);
      const file = await terrainExport(deps, operation, requireTileCollection(query.collection));
      ctx.set('Content-Disposition', attachment(file.fileName));
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('X-Tiles-Included', String(file.tilesIncluded));
      ctx.set('X-Tiles-Not-Ready', String(file.tilesNotReady));
      ctx.type = file.contentType;
      ctx.body = file.body;
    },
  }),
];
