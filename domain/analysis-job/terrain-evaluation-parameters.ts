import type { TerrainEvaluationParameters } from './analysis-parameters.ts';

/** A terrain evaluation request as stored: every optional field present, null when not given. Pure. */
export function terrainEvaluationParameters(
  request: Partial<TerrainEvaluationParameters> & Pick<TerrainEvaluationParameters, 'force' | 'echelon' | 'area'>,
): TerrainEvaluationParameters {
  return {
    force: request.force,
    echelon: request.echelon,
    area: request.area,
    start: request.start ?? null,
    objective: request.objective ?? null,
    enemy_side: request.enemy_side ?? null,
    corridor_width_m: request.corridor_width_m ?? null,
    avenue_width_m: request.avenue_width_m ?? null,
  };
}
