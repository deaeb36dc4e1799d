// Implied tasks (ATP 5-0.2-1 substep 2.3: tasks not stated that must be done to accomplish a
// specified task), by four documented rules on the terrain evaluation and the order's objectives:
// - IMPLIED-CROSSING: an avenue of approach whose corridors cross a waterway → a gap crossing there;
// - IMPLIED-ROAD-MARCH: an avenue longer than the force's daily march → a road march;
// - IMPLIED-CLEARANCE: an objective of the order inside a built-up area → its clearance;
// - IMPLIED-BREACH: a corridor of an avenue narrower than the force needs at its chokepoint (obstacles
//   close in on the avenue) → breach or bypass there.
// Avenues of the enemy's direction are the enemy's, not ours, and are left out.
import { booleanPointInPolygon } from '@turf/turf';
import type { OrderRecord } from '../orders/order-record.ts';
import {
  km,
  MISSING,
  missing,
  orderCite,
  ruleCite,
  terrainCite,
  type Product,
  type ProductItem,
  type TerrainEvaluationFacts,
} from './mission-analysis-facts.ts';

/**
 * A day's march by force, km: foot 4 km/h net (FM 21-18 via FM 21-20) and a vehicle column 25 km/h
 * (ST 100-3 worked examples), each for an 8-hour marching day (ipb-and-coa-facts.md §7; both [weak]).
 */
export const DAILY_MARCH_KM: Record<string, number> = {
  dismounted: 32,
  mounted_wheeled: 200,
  mounted_tracked: 200,
};

const ourDirections = (terrain: TerrainEvaluationFacts) => terrain.result.directions.filter((d) => d.name !== 'enemy');

function crossings(terrain: TerrainEvaluationFacts): ProductItem[] {
  return ourDirections(terrain).flatMap((direction, d) =>
    direction.avenues.flatMap((avenue) => {
      const sites = direction.corridors
        .filter((k) => avenue.corridors.includes(k.id))
        .flatMap((k) => k.crossings.map((c) => c.mgrs))
        .filter((m): m is string => m !== null);
      const unique = [...new Set(sites)];
      if (unique.length === 0) return [];
      return [
        {
          kind: 'implied',
          text: `Conduct a gap crossing on ${avenue.id} (${direction.name}) at ${unique.join(', ')}.`,
          cites: [terrainCite(terrain, `directions[${d}].corridors[*].crossings`), ruleCite('IMPLIED-CROSSING')],
        },
      ];
    }),
  );
}

function roadMarches(terrain: TerrainEvaluationFacts): ProductItem[] {
  const daily = DAILY_MARCH_KM[terrain.result.force];
  if (daily === undefined) return [];
  return ourDirections(terrain).flatMap((direction, d) =>
    direction.avenues
      .filter((a) => a.length_m / 1000 > daily)
      .map((a) => ({
        kind: 'implied',
        text:
          `Conduct a road march along ${a.id} (${direction.name}) from ${a.start.mgrs ?? 'its start'} to ` +
          `${a.objective.mgrs ?? 'its objective'}: ${km(a.length_m)}, more than a day's march ` +
          `(${daily} km, ${terrain.result.force.replace('_', ' ')}).`,
        cites: [terrainCite(terrain, `directions[${d}].avenues[${a.rank - 1}]`), ruleCite('IMPLIED-ROAD-MARCH')],
      })),
  );
}

function clearances(order: OrderRecord | null, terrain: TerrainEvaluationFacts): ProductItem[] {
  const areas = terrain.built_up_areas ?? [];
  if (!order || areas.length === 0) return [];
  return order.features
    .filter((f) => f.kind === 'objective' && f.name)
    .flatMap((f) => {
      const inside = f.positions.find((p) =>
        areas.some((rings) => booleanPointInPolygon(p.lon_lat, { type: 'Polygon', coordinates: rings })),
      );
      if (!inside) return [];
      return [
        {
          kind: 'implied',
          text: `Clear the built-up area of ${f.name} (${inside.reference}).`,
          cites: [
            orderCite(`features[name=${f.name}]`, inside.source),
            terrainCite(terrain, 'obstacle layer (built_up)'),
            ruleCite('IMPLIED-CLEARANCE'),
          ],
        },
      ];
    });
}

function breaches(terrain: TerrainEvaluationFacts): ProductItem[] {
  return ourDirections(terrain).flatMap((direction, d) =>
    direction.corridors.flatMap((k, c) => {
      if (k.min_width_m >= k.width_required_m || !k.chokepoint.mgrs) return [];
      return [
        {
          kind: 'implied',
          text:
            `Breach or bypass the obstacles at ${k.chokepoint.mgrs} on ${k.avenue} (${direction.name}): ` +
            `${k.id} narrows to ${k.min_width_m} m, less than the ${k.width_required_m} m it needs.`,
          cites: [terrainCite(terrain, `directions[${d}].corridors[${c}]`), ruleCite('IMPLIED-BREACH')],
        },
      ];
    }),
  );
}

export function impliedTasks(order: OrderRecord | null, terrain: TerrainEvaluationFacts | null): Product {
  if (!terrain) return missing(MISSING.terrain);
  return {
    lines: [],
    items: [...crossings(terrain), ...roadMarches(terrain), ...clearances(order, terrain), ...breaches(terrain)],
  };
}
