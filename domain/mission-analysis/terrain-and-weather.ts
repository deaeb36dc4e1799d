// Terrain and weather (ATP 5-0.2-1 substep 2.2; ATP 2-01.3 ch. 4, OAKOC) from the terrain
// evaluation's result, every aspect with its grids, and what the order says of the terrain and
// weather (1.b). The service holds no weather data: without the order's weather that one line says so.
import type { OrderRecord } from '../orders/order-record.ts';
import {
  km,
  line,
  MISSING,
  orderCite,
  percent,
  terrainCite,
  type ProductLine,
  type TerrainEvaluationFacts,
} from './mission-analysis-facts.ts';

/** Places of each aspect a line lists at most. */
const MAX_PLACES = 5;

export function oakocLines(terrain: TerrainEvaluationFacts): ProductLine[] {
  const { result } = terrain;
  const cite = (ref: string) => [terrainCite(terrain, ref)];
  const heights = result.oakoc.observation_and_fields_of_fire.dominating_heights.slice(0, MAX_PLACES);
  const o = result.oakoc.obstacles;
  const c = result.oakoc.cover_and_concealment;
  return [
    line(
      `Terrain evaluation of ${terrain.map_name} for a ${result.echelon} (${result.force.replace('_', ' ')}):`,
      cite('force'),
    ),
    line(
      heights.length > 0
        ? 'Observation and fields of fire: dominating heights ' +
            heights
              .map(
                (h) =>
                  `${h.mgrs} (${h.elevation_m} m, prominence ${h.prominence_m} m, sees ` +
                  `${percent(h.largest_share_of_an_axis_seen)} of an axis)`,
              )
              .join('; ') +
            '.'
        : 'Observation and fields of fire: no dominating height in the area.',
      cite('oakoc.observation_and_fields_of_fire'),
    ),
    ...result.directions.map((d, i) =>
      line(
        d.avenues.length > 0
          ? `Avenues of approach (${d.name}): ` +
              d.avenues
                .slice(0, MAX_PLACES)
                .map(
                  (a) =>
                    `${a.id} rank ${a.rank}, ${a.start.mgrs} to ${a.objective.mgrs}, ${km(a.length_m)}, ` +
                    `${a.corridors.join(' + ')}, cover ${percent(a.cover_share)}`,
                )
                .join('; ') +
              '.'
          : `Avenues of approach (${d.name}): no mobility corridor joins start and objective.`,
        cite(`directions[${i}].avenues`),
      ),
    ),
    ...result.directions.map((d, i) =>
      line(
        d.key_terrain.length > 0
          ? `Key terrain candidates (${d.name}): ` +
              d.key_terrain
                .slice(0, MAX_PLACES)
                .map((k) => `${k.id} ${k.kind.replace('_', ' ')} at ${k.mgrs} (${k.reason})`)
                .join('; ') +
              '.'
          : `Key terrain candidates (${d.name}): none found.`,
        cite(`directions[${i}].key_terrain`),
      ),
    ),
    line(
      `Obstacles: unrestricted ${percent(o.share_unrestricted)}, restricted ${percent(o.share_restricted)}, ` +
        `severely restricted ${percent(o.share_severely_restricted)}; ${o.waterways} waterway(s), ` +
        `${o.crossing_sites_used} crossing site(s) used by the corridors; steep breaks ${o.steep_break_km2} km².`,
      cite('oakoc.obstacles'),
    ),
    line(
      `Cover and concealment: forest ${percent(c.forest_share)}, built-up ${percent(c.built_up_share)}.`,
      cite('oakoc.cover_and_concealment'),
    ),
  ];
}

/** The order's sub-paragraph `label` (e.g. "Weather") of its area of operations, when it has one. */
export function orderAreaPart(order: OrderRecord | null, label: 'Terrain' | 'Weather'): ProductLine | null {
  const ao = order?.situation?.area_of_operations;
  if (!ao) return null;
  const match = new RegExp(`\\b${label}\\.\\s*([^]*?)(?=\\(\\d+\\)|$)`).exec(ao.text);
  if (!match) return null;
  const text = match[1]!.trim().replace(/[.;]\s*$/, '');
  return text ? line(`${label} (order): ${text}.`, [orderCite('situation.area_of_operations', ao.source)]) : null;
}

export const NO_WEATHER = 'Weather: not in the order, and the service holds no weather data (staff weather officer).';

export function terrainAndWeather(order: OrderRecord | null, terrain: TerrainEvaluationFacts | null) {
  const orderTerrain = orderAreaPart(order, 'Terrain');
  return {
    lines: [
      ...(terrain ? oakocLines(terrain) : [line(MISSING.terrain, [])]),
      ...(orderTerrain ? [orderTerrain] : []),
      orderAreaPart(order, 'Weather') ?? line(NO_WEATHER, []),
    ],
    items: [],
  };
}
