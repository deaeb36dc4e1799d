// Reads the facts COA development is built on, when a COA generation runs: the newest successful
// terrain evaluation on the operation's maps (its result and avenue layer) and the newest order read
// from the operation's documents (its record), then develops the COA set by the rules of
// domain/coa-development. Reads go through projection queries only.
import type { Knex } from 'knex';
import { developCoas, type CoaDevelopment } from '../../domain/coa-development/develop-coas.ts';
import { orderFacts, type OrderFacts } from '../../domain/coa-development/order-facts.ts';
import { terrainFacts, type TerrainFacts } from '../../domain/coa-development/terrain-facts.ts';
import type { Posture } from '../../domain/coa-development/coa-types.ts';
import type { GroundingOperation } from '../../domain/generation/generation-grounding.ts';
import type { OrderRecord } from '../../domain/orders/order-record.ts';
import { newestSuccessfulAnalysisOfMaps } from '../../projections/queries/analysis-job-queries.ts';
import { listOperationOrders } from '../../projections/queries/document-queries.ts';
import { layerFeatures, mapsOfOperation } from '../../projections/queries/map-queries.ts';

export interface CoaDevelopmentFacts {
  development: CoaDevelopment;
  order: OrderFacts | null;
  friendly: TerrainFacts | null;
  enemy: TerrainFacts | null;
  /** The map the sketch is drawn on (the terrain evaluation's), and the inputs for the provenance. */
  map_id: string | null;
  inputs: Array<{ kind: string; id: string; version: string }>;
}

/** The newest order (recognised as one) of the operation's live documents, newest upload first. */
async function newestOrder(knex: Knex, operationId: string) {
  for (const row of await listOperationOrders(knex, operationId)) {
    const orders = (row.orders ?? []) as OrderRecord[];
    const order = orders.find((o) => o.recognised_as_order);
    if (order) return { record: order, document_id: row.document_id, upload_id: row.upload_id };
  }
  return null;
}

export async function gatherCoaDevelopment(
  knex: Knex,
  operation: GroundingOperation,
  count: number,
  fallbackPosture: Posture,
): Promise<CoaDevelopmentFacts> {
  const maps = await mapsOfOperation(knex, operation.id);
  const analysis = await newestSuccessfulAnalysisOfMaps(
    knex,
    maps.map((m) => m.map_id),
    'terrain_evaluation',
  );
  let friendly: TerrainFacts | null = null;
  let enemy: TerrainFacts | null = null;
  const inputs: CoaDevelopmentFacts['inputs'] = [];
  if (analysis && analysis.state.result) {
    const result = analysis.state.result;
    const features = analysis.layer_id ? await layerFeatures(knex, analysis.layer_id) : [];
    const names = (Array.isArray(result.directions) ? (result.directions as Array<{ name?: unknown }>) : []).map((d) =>
      String(d.name),
    );
    const first = names.find((n) => n !== 'enemy') ?? null;
    friendly = names.includes('friendly')
      ? terrainFacts(analysis.analysis_id, result, features, 'friendly')
      : first
        ? terrainFacts(analysis.analysis_id, result, features, first)
        : null;
    enemy = names.includes('enemy') ? terrainFacts(analysis.analysis_id, result, features, 'enemy') : null;
    inputs.push({ kind: 'analysis', id: analysis.analysis_id, version: 'success' });
  }
  const found = await newestOrder(knex, operation.id);
  const order = found ? orderFacts(found.record) : null;
  if (found) inputs.push({ kind: 'order', id: found.document_id, version: `upload:${found.upload_id}` });
  const development = developCoas({
    unit: operation.unit,
    branch: operation.branch,
    echelon: operation.echelon,
    count,
    friendly,
    enemy,
    order,
    fallbackPosture,
  });
  return { development, order, friendly, enemy, map_id: analysis?.map_id ?? null, inputs };
}
