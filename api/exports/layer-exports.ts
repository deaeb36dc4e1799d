// Serving the operation's layers as files: gathers every map layer of the operation (queries in
// projections/queries/export-queries.ts), lays them out once as tables (domain/exports/) and writes
// the asked format. The whole file is built in memory and sent with its length.
import type { Knex } from 'knex';
import { exportLayerTables } from '../../domain/exports/export-layer-tables.ts';
import type { OperationRow } from '../../projections/queries/operation-queries.ts';
import { operationLayersForExport } from '../../projections/queries/export-queries.ts';
import { slug } from '../../domain/exports/export-layer-tables.ts';
import { writeGeopackage } from './write-geopackage.ts';
import { writeKml, writeKmz } from './write-kml.ts';

export const LAYER_EXPORT_FORMATS = {
  gpkg: { contentType: 'application/geopackage+sqlite3', note: 'GeoPackage 1.2 (QGIS, ATAK, ArcGIS)' },
  kml: { contentType: 'application/vnd.google-earth.kml+xml', note: 'KML 2.2 (Google Earth, ATAK)' },
  kmz: { contentType: 'application/vnd.google-earth.kmz', note: 'KMZ: the KML zipped as doc.kml' },
} as const;
export type LayerExportFormat = keyof typeof LAYER_EXPORT_FORMATS;

export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** `attachment; filename=...` with an ASCII name and the RFC 5987 UTF-8 one. */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export async function layerExport(
  knex: Knex,
  operation: OperationRow,
  format: LayerExportFormat,
  now: Date,
): Promise<ExportFile> {
  const tables = exportLayerTables(await operationLayersForExport(knex, operation.operation_id));
  const fileName = `${slug(operation.name)}-layers.${format}`;
  const { contentType } = LAYER_EXPORT_FORMATS[format];
  if (format === 'gpkg') {
    return { body: Buffer.from(await writeGeopackage(tables, now.toISOString())), contentType, fileName };
  }
  const kml = writeKml(operation.name, tables);
  const body = format === 'kml' ? Buffer.from(kml, 'utf8') : Buffer.from(await writeKmz(kml));
  return { body, contentType, fileName };
}
