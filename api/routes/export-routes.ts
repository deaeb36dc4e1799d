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

export const exportRoutes = (deps: ApiDependencies) => [
  layerExportRoute(deps, 'gpkg'),
  layerExportRoute(deps, 'kml'),
  layerExportRoute(deps, 'kmz'),
];
