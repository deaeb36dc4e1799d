// Reads of generated maps: an operation's assets (newest rendering per path), and one by path.
import type { Knex } from 'knex';
import type { GeneratedMapRow } from '../projectors/generated-map-projector.ts';

export async function listGeneratedMaps(knex: Knex, operationId: string): Promise<GeneratedMapRow[]> {
  return knex('generated_maps').where({ operation_id: operationId }).orderBy('asset_path');
}

export async function findGeneratedMap(
  knex: Knex,
  operationId: string,
  assetPath: string,
): Promise<GeneratedMapRow | null> {
  return (await knex('generated_maps').where({ operation_id: operationId, asset_path: assetPath }).first()) ?? null;
}
