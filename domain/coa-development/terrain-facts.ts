// What COA development reads from a terrain evaluation (analysis type terrain_evaluation, issue 23;
// domain/terrain-evaluation/evaluate-terrain.ts): for one direction, its avenues of approach in
// ranked order with their axes (the avenue layer's LineStrings), their corridors' chokepoints and
// the key terrain candidates. The result is JSON from an event; it is read defensively and an avenue
// without an axis is left out.
import type { LayerFeature } from '../map/layer-feature-collection.ts';
import type { CoaAxis, LonLat } from './coa-types.ts';

export interface TerrainChokepoint {
  corridor: string;
  mgrs: string;
  position: LonLat;
  width_m: number;
}

export interface TerrainAvenue extends CoaAxis {
  cover_share: number;
  start: { mgrs: string; position: LonLat };
  end: { mgrs: string; position: LonLat };
  chokepoints: TerrainChokepoint[];
  /** The ranking's criteria (rank-avenues.ts): score 0–1 and reason each. */
  criteria: Record<string, { score: number; reason: string }>;
}

export interface TerrainKeyTerrain {
  id: string;
  kind: string;
  mgrs: string;
  position: LonLat;
  avenues: string[];
  reason: string;
}

export interface TerrainFacts {
  analysis_id: string;
  direction: string;
  force: string;
  echelon: string;
  /** Width a unit one echelon below needs, metres (the avenue's echelon). */
  avenue_width_m: number;
  avenues: TerrainAvenue[];
  key_terrain: TerrainKeyTerrain[];
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const pos = (v: unknown): LonLat => {
  const p = Array.isArray(v) ? v : [];
  return [num(p[0]), num(p[1])];
};

/**
 * The facts of one direction (e.g. "friendly", "enemy") of a terrain evaluation; null when the
 * result has no such direction.
 */
export function terrainFacts(
  analysisId: string,
  result: Json,
  avenueLayer: readonly LayerFeature[],
  direction: string,
): TerrainFacts | null {
  const directions = Array.isArray(result.directions) ? (result.directions as unknown[]).map(obj) : [];
  const d = directions.find((x) => x.name === direction);
  if (!d) return null;
  const corridors = (Array.isArray(d.corridors) ? (d.corridors as unknown[]) : []).map(obj);
  const axes = new Map(
    avenueLayer
      .filter((f) => f.properties.direction === direction && f.geometry.type === 'LineString')
      .map((f) => [str(f.properties.id), f.geometry.coordinates as LonLat[]]),
  );
  const avenues: TerrainAvenue[] = [];
  for (const a of (Array.isArray(d.avenues) ? (d.avenues as unknown[]) : []).map(obj)) {
    const id = str(a.id);
    const coordinates = axes.get(id);
    if (!coordinates || coordinates.length < 2) continue;
    const members = corridors.filter((k) => k.avenue === id);
    const chokepoints = members
      .filter((k) => k.open !== true)
      .map((k) => {
        const c = obj(k.chokepoint);
        return { corridor: str(k.id), mgrs: str(c.mgrs), position: pos(c.position), width_m: num(c.width_m) };
      });
    const start = obj(a.start),
      end = obj(a.objective);
    avenues.push({
      avenue_id: id,
      avenue_rank: num(a.rank),
      avenue_score: num(a.score),
      geometry: { type: 'LineString', coordinates: coordinates.map((c) => [c[0], c[1]] as LonLat) },
      length_m: num(a.length_m),
      seconds: num(a.seconds),
      narrowest_width_m: members.reduce((s, k) => s + num(k.min_width_m), 0),
      cover_share: num(a.cover_share),
      start: { mgrs: str(start.mgrs), position: pos(start.position) },
      end: { mgrs: str(end.mgrs), position: pos(end.position) },
      chokepoints,
      criteria: Object.fromEntries(
        Object.entries(obj(a.criteria)).map(([k, v]) => [k, { score: num(obj(v).score), reason: str(obj(v).reason) }]),
      ),
    });
  }
  avenues.sort((x, y) => x.avenue_rank - y.avenue_rank);
  const keyTerrain = (Array.isArray(d.key_terrain) ? (d.key_terrain as unknown[]) : []).map(obj).map((k) => ({
    id: str(k.id),
    kind: str(k.kind),
    mgrs: str(k.mgrs),
    position: pos(k.position),
    avenues: Array.isArray(k.avenues) ? (k.avenues as unknown[]).map(str) : [],
    reason: str(k.reason),
  }));
  return {
    analysis_id: analysisId,
    direction,
    force: str(result.force),
    echelon: str(result.echelon),
    avenue_width_m: num(result.avenue_width_m),
    avenues,
    key_terrain: keyTerrain,
  };
}
