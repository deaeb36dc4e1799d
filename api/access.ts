// Access to a resource through its operation, for every route: the read model's row if the caller's
// account may use it. The rule itself (missing or deleted → 404, another account → 403) is
// domain/shared/require-access.ts; the error middleware maps its DomainError to the status.
import type { Knex } from 'knex';
import type { Principal } from '../commands/command-context.ts';
import { requireAccess } from '../domain/shared/require-access.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import { findOperationRow, type OperationRow } from '../projections/queries/operation-queries.ts';
import { findMapRow, type MapRow } from '../projections/queries/map-queries.ts';
import { findTerrainJob, type TerrainJobRow } from '../projections/queries/terrain-job-queries.ts';
import { findAnalysis, type AnalysisRow } from '../projections/queries/analysis-job-queries.ts';
import { findTerrainQuestion, type TerrainQuestionView } from '../projections/queries/terrain-question-queries.ts';

/** An active operation of the caller's account. */
export async function accessibleOperation(
  knex: Knex,
  operationId: string,
  principal: Principal,
): Promise<OperationRow> {
  const row = await findOperationRow(knex, operationId);
  return requireAccess(row && !row.deleted_at ? row : null, principal.account_id, {
    kind: 'Operation',
    id: operationId,
  });
}

/** An operation of the caller's account, deleted ones included (the audit history outlives it). */
export async function auditableOperation(knex: Knex, operationId: string, principal: Principal): Promise<OperationRow> {
  return requireAccess(await findOperationRow(knex, operationId), principal.account_id, {
    kind: 'Operation',
    id: operationId,
  });
}

/** The 403/404 rule for a map row already read: its operation must be active too. */
export function requireMapAccess(
  row: (MapRow & { operation_deleted: boolean }) | null,
  mapId: string,
  principal: Principal,
): MapRow {
  return requireAccess(row && !row.operation_deleted ? row : null, principal.account_id, { kind: 'Map', id: mapId });
}

/** A map of an active operation of the caller's account. */
export async function accessibleMap(knex: Knex, mapId: string, principal: Principal): Promise<MapRow> {
  return requireMapAccess(await findMapRow(knex, mapId), mapId, principal);
}

/** A terrain job of the caller's account. */
export async function accessibleTerrainJob(knex: Knex, jobId: string, principal: Principal): Promise<TerrainJobRow> {
  return requireAccess(await findTerrainJob(knex, jobId), principal.account_id, { kind: 'Terrain job', id: jobId });
}

/** An analysis of the caller's account (its map's operation must be active too). */
export async function accessibleAnalysis(knex: Knex, analysisId: string, principal: Principal): Promise<AnalysisRow> {
  const row = requireAccess(await findAnalysis(knex, analysisId), principal.account_id, {
    kind: 'Analysis',
    id: analysisId,
  });
  await accessibleMap(knex, row.map_id, principal).catch((error: unknown) => {
    if (error instanceof Error && 'kind' in error && error.kind === 'not_found')
      throw new DomainError('not_found', `Analysis ${analysisId} not found`);
    throw error;
  });
  return row;
}

/** A terrain question of the caller's account (its map's operation must be active too). */
export async function accessibleTerrainQuestion(
  knex: Knex,
  questionId: string,
  principal: Principal,
): Promise<TerrainQuestionView> {
  const kind = { kind: 'Terrain question', id: questionId };
  const row = requireAccess(await findTerrainQuestion(knex, questionId), principal.account_id, kind);
  await accessibleMap(knex, row.map_id, principal).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not_found') {
      throw new DomainError('not_found', `Terrain question ${questionId} not found`);
    }
    throw error;
  });
  return row;
}
