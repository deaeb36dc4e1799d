// A stored terrain-evaluation result (domain/terrain-evaluation/evaluate-terrain.ts) as the facts
// mission analysis reads, or null when the stored result lacks the parts it needs (an older shape).
import type { TerrainEvaluationFacts, TerrainEvaluationResult } from './mission-analysis-facts.ts';

export function terrainEvaluationFactsOf(
  analysisId: string,
  mapName: string,
  result: unknown,
): TerrainEvaluationFacts | null {
  const r = result as Partial<TerrainEvaluationResult> | null;
  if (!r || typeof r !== 'object' || !Array.isArray(r.directions) || !r.oakoc) return null;
  if (typeof r.force !== 'string' || typeof r.echelon !== 'string') return null;
  const valid = r.directions.every(
    (d) => Array.isArray(d.corridors) && Array.isArray(d.avenues) && Array.isArray(d.key_terrain),
  );
  if (!valid || !r.oakoc.obstacles || !r.oakoc.cover_and_concealment || !r.oakoc.observation_and_fields_of_fire)
    return null;
  return { analysis_id: analysisId, map_name: mapName, result: r as TerrainEvaluationResult };
}
