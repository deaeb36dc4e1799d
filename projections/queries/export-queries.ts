// Reads for the operation exports (api/exports/): every map layer of an operation with its
// features in layer order, ready to be laid out as export tables; the planning records, COA
// statements and document markings the order exports are written from.
import type { Knex } from 'knex';
import type { LayerFeature } from '../../domain/map/layer-feature-collection.ts';
import type { ExportLayerInput } from '../../domain/exports/export-layer-tables.ts';
import type { RecordContent } from '../../domain/exports/record-document.ts';
import type { CoaForOutline } from '../../domain/exports/planning-outlines.ts';
import type { PlanningItem, Provenance } from '../../domain/planning-record/planning-record-events.ts';
import { jsonColumn } from './json-column.ts';
import { listLayersOfMaps, listMapsOfOperation } from './map-queries.ts';

/** The operation's maps (oldest first) and each map's layers (oldest first) with their current features. */
export async function operationLayersForExport(knex: Knex, operationId: string): Promise<ExportLayerInput[]> {
  const maps = await listMapsOfOperation(knex, operationId);
  const layers = await listLayersOfMaps(
    knex,
    maps.map((m) => m.map_id),
  );
  if (layers.length === 0) return [];
  const rows: Array<{ layer_id: string; feature: unknown }> = await knex('map_features')
    .whereIn(
      'layer_id',
      layers.map((l) => l.layer_id),
    )
    .orderBy([
      { column: 'layer_id', order: 'asc' },
      { column: 'ordinal', order: 'asc' },
    ])
    .select('layer_id', 'feature');
  const featuresOf = new Map<string, LayerFeature[]>();
  for (const row of rows) {
    const list = featuresOf.get(row.layer_id) ?? [];
    list.push(jsonColumn<LayerFeature>(row.feature));
    featuresOf.set(row.layer_id, list);
  }
  const mapName = new Map(maps.map((m) => [m.map_id, m.name]));
  return layers.map((layer) => ({
    map_id: layer.map_id,
    map_name: mapName.get(layer.map_id)!,
    layer_id: layer.layer_id,
    layer_type: layer.layer_type,
    title: layer.title,
    version: layer.version,
    features: featuresOf.get(layer.layer_id) ?? [],
  }));
}

type RecordRow = { type: string; text: string | null; text_updated_by: unknown; items: unknown };
const recordContent = (row: RecordRow): RecordContent => ({
  text: row.text,
  text_updated_by: jsonColumn<Provenance | null>(row.text_updated_by),
  items: jsonColumn<PlanningItem[]>(row.items) ?? [],
});

/** The operation's written mission-analysis or WARNO records, by type. */
export async function planningRecordsOfOperation(
  knex: Knex,
  kind: 'mission_analysis' | 'warno',
  operationId: string,
): Promise<Map<string, RecordContent>> {
  const rows: RecordRow[] = await knex('planning_records')
    .where({ kind, operation_id: operationId })
    .select('type', 'text', 'text_updated_by', 'items');
  return new Map(rows.map((row) => [row.type, recordContent(row)]));
}

/** The operation's live COA statements, oldest first, each with its written attributes by field. */
export async function coaStatementsOfOperation(knex: Knex, operationId: string): Promise<CoaForOutline[]> {
  const statements: Array<{ coa_statement_id: string; name: string; description: string | null }> = await knex(
    'coa_statements',
  )
    .where({ operation_id: operationId })
    .whereNull('deleted_at')
    .orderBy([{ column: 'created_at' }, { column: 'coa_statement_id' }])
    .select('coa_statement_id', 'name', 'description');
  if (statements.length === 0) return [];
  const attributes: Array<RecordRow & { coa_statement_id: string }> = await knex('planning_records')
    .where({ kind: 'coa_attribute' })
    .whereIn(
      'coa_statement_id',
      statements.map((s) => s.coa_statement_id),
    )
    .select('coa_statement_id', 'type', 'text', 'text_updated_by', 'items');
  return statements.map((s) => ({
    name: s.name,
    description: s.description,
    attributes: new Map(
      attributes.filter((a) => a.coa_statement_id === s.coa_statement_id).map((a) => [a.type, recordContent(a)]),
    ),
  }));
}

/** The classification markings of the operation's live documents, each once. */
export async function documentMarkingsOfOperation(knex: Knex, operationId: string): Promise<string[]> {
  const rows: Array<{ classification: string }> = await knex('documents')
    .where({ operation_id: operationId })
    .whereNull('deleted_at')
    .whereNotNull('classification')
    .distinct('classification');
  return rows.map((r) => r.classification);
}
