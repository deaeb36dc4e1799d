// Accumulates a TerrainSummary tile by tile, so an area of any size is summarised with one work
// tile in memory at a time. Pixels count when their centre is inside the area (pixelMaskInArea)
// and weigh their true ground area; roads are measured inside the polygon (lineLengthInArea);
// buildings count once per id when the centre of a footprint part's bounding box is inside (parts
// of one building cut by tile borders share the id).
import { bbox } from '@turf/turf';
import { VEHICLE_CLASSES, MOBILITY_NO_GO, type VehicleClass } from '../../../../domain/terrain/mobility-config.ts';
import { pixelGroundSizeMeters } from '../../../../domain/terrain/pixel-ground-size-meters.ts';
import type { AreaPolygon, TileAddress, TileFeature, TileRaster } from '../../../../domain/terrain/types.ts';
import { normaliseRoadClass, type RoadClass } from '../../sources/vector/road-class.ts';
import { areaRings } from './area-rings.ts';
import { lineLengthInArea } from './line-length-in-area.ts';
import { pixelMaskInArea } from './pixel-mask-in-area.ts';
import { pointInRings } from './point-in-rings.ts';
import { SLOPE_BIN_LIMITS, SLOPE_BINS, type SlopeBin, type TerrainSummary } from './terrain-summary.ts';

export interface TerrainTileInputs {
  tile: TileAddress;
  size: number;
  /** Metres, NaN = nodata. */
  elevation: Float32Array;
  landCover: Uint8Array;
  landCoverNodata: number;
  /** Degrees, NaN = nodata. */
  slope: Float32Array;
  /** Mobility classes per vehicle (0 GO, 1 SLOW-GO, 2 NO-GO, 255 nodata). */
  mobility: Record<VehicleClass, Uint8Array>;
}

export interface TerrainSummaryAccumulator {
  addTerrain(inputs: TerrainTileInputs): void;
  addRoads(features: readonly TileFeature[]): void;
  /** Waterway lines (`waterway` class), measured inside the polygon; calling it makes `waterways` non-null. */
  addWaterways(features: readonly TileFeature[]): void;
  /** Roads crossing water (applyWaterwaysOnTile): counted once per id when their crossing lies inside. */
  addWaterCrossings(
    crossings: ReadonlyArray<{ id: string; kind: 'bridge' | 'ford' | 'tunnel'; at: [number, number] }>,
  ): void;
  /** A population raster (persons per pixel) or point/polygon features with a `population` property. */
  addPopulation(population: TileRaster | readonly TileFeature[]): void;
  addBuildings(features: readonly TileFeature[]): void;
  /** The figures; warnings are added by the summary builder, which knows the sources. */
  summary(): Omit<TerrainSummary, 'warnings'>;
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export function createTerrainSummaryAccumulator(area: AreaPolygon): TerrainSummaryAccumulator {
  const rings = areaRings(area);
  const masks = new Map<string, Uint8Array>();
  const maskOf = (tile: TileAddress, size: number) => {
    const k = `${tile.z}/${tile.x}/${tile.y}/${size}`;
    let mask = masks.get(k);
    if (!mask) {
      if (masks.size > 8) masks.clear(); // terrain and population of a tile come close together
      mask = pixelMaskInArea(tile, size, rings);
      masks.set(k, mask);
    }
    return mask;
  };

  let waterwayLength: Map<string, number> | null = null;
  const waterCrossings = new Map<string, 'bridge' | 'ford' | 'tunnel'>();
  let areaM2 = 0;
  let elevationMin = Infinity,
    elevationMax = -Infinity,
    elevationSum = 0,
    elevationWeight = 0;
  const slopeArea = new Float64Array(SLOPE_BINS.length);
  let slopeWeight = 0;
  const coverArea = new Map<number, number>();
  let coverWeight = 0;
  const mobility = Object.fromEntries(VEHICLE_CLASSES.map((v) => [v, new Float64Array(4)])) as Record<
    VehicleClass,
    Float64Array
  >;
  const roadLength = new Map<RoadClass, number>();
  let population: number | null = null;
  let buildings: Set<string | number> | null = null;
  let anonymousBuildings = 0;

  return {
    addTerrain({ tile, size, elevation, landCover, landCoverNodata, slope, mobility: classes }) {
      const mask = maskOf(tile, size);
      for (let row = 0; row < size; row++) {
        const pixelArea = pixelGroundSizeMeters(tile, row, size) ** 2;
        for (let col = 0; col < size; col++) {
          const i = row * size + col;
          if (mask[i] === 0) continue;
          areaM2 += pixelArea;
          const e = elevation[i];
          if (e === e) {
            if (e < elevationMin) elevationMin = e;
            if (e > elevationMax) elevationMax = e;
            elevationSum += e * pixelArea;
            elevationWeight += pixelArea;
          }
          const s = slope[i];
          if (s === s) {
            let bin = 0;
            while (s >= SLOPE_BIN_LIMITS[bin]) bin++;
            slopeArea[bin] += pixelArea;
            slopeWeight += pixelArea;
          }
          if (landCover[i] !== landCoverNodata) {
            coverArea.set(landCover[i], (coverArea.get(landCover[i]) ?? 0) + pixelArea);
            coverWeight += pixelArea;
          }
          for (const vehicle of VEHICLE_CLASSES) {
            const c = classes[vehicle][i];
            mobility[vehicle][c <= MOBILITY_NO_GO ? c : 3] += pixelArea;
          }
        }
      }
    },
    addRoads(features) {
      for (const f of features) {
        const g = f.geometry;
        if (!g || (g.type !== 'LineString' && g.type !== 'MultiLineString')) continue;
        const cls = normaliseRoadClass(f.properties.class ?? f.properties.highway);
        for (const line of g.type === 'LineString' ? [g.coordinates] : g.coordinates) {
          const metres = lineLengthInArea(line, rings);
          if (metres > 0) roadLength.set(cls, (roadLength.get(cls) ?? 0) + metres);
        }
      }
    },
    addWaterways(features) {
      waterwayLength ??= new Map();
      for (const f of features) {
        const g = f.geometry;
        if (!g || (g.type !== 'LineString' && g.type !== 'MultiLineString')) continue;
        const kind = typeof f.properties.waterway === 'string' ? f.properties.waterway : 'other';
        for (const line of g.type === 'LineString' ? [g.coordinates] : g.coordinates) {
          const metres = lineLengthInArea(line, rings);
          if (metres > 0) waterwayLength.set(kind, (waterwayLength.get(kind) ?? 0) + metres);
        }
      }
    },
    addWaterCrossings(crossings) {
      for (const c of crossings) if (pointInRings(c.at[0], c.at[1], rings)) waterCrossings.set(c.id, c.kind);
    },
    addPopulation(input) {
      population ??= 0;
      if ('data' in input) {
        const mask = maskOf(input.tile, input.size);
        for (let i = 0; i < input.data.length; i++) {
          const v = input.data[i];
          if (mask[i] === 1 && v === v && v !== input.nodata) population += v;
        }
        return;
      }
      for (const f of input) {
        const persons = Number(f.properties.population);
        if (!(persons > 0)) continue;
        const [w, s, e, n] = bbox(f.geometry);
        if (pointInRings((w + e) / 2, (s + n) / 2, rings)) population += persons;
      }
    },
    addBuildings(features) {
      buildings ??= new Set();
      for (const f of features) {
        if (!f.geometry) continue;
        const [w, s, e, n] = bbox(f.geometry);
        if (!pointInRings((w + e) / 2, (s + n) / 2, rings)) continue;
        if (f.id === undefined) anonymousBuildings++;
        else buildings.add(f.id);
      }
    },
    summary() {
      const byClass: Partial<Record<RoadClass, number>> = {};
      let total = 0;
      for (const [cls, metres] of [...roadLength].sort()) {
        byClass[cls] = metres;
        total += metres;
      }
      const mobilityShares = Object.fromEntries(
        VEHICLE_CLASSES.map((v) => {
          const [go, slow, no, none] = mobility[v];
          const all = go + slow + no + none;
          return [
            v,
            { go: share(go, all), slow_go: share(slow, all), no_go: share(no, all), nodata: share(none, all) },
          ];
        }),
      ) as TerrainSummary['mobility_shares'];
      return {
        area_km2: areaM2 / 1e6,
        elevation_m:
          elevationWeight > 0 ? { min: elevationMin, max: elevationMax, mean: elevationSum / elevationWeight } : null,
        slope_degrees_shares: Object.fromEntries(
          SLOPE_BINS.map((bin, k) => [bin, share(slopeArea[k], slopeWeight)]),
        ) as Record<SlopeBin, number>,
        land_cover_shares: Object.fromEntries(
          [...coverArea].sort((a, b) => a[0] - b[0]).map(([code, a]) => [String(code), share(a, coverWeight)]),
        ),
        mobility_shares: mobilityShares,
        road_length_m: { total, by_class: byClass },
        waterways: waterwayLength && {
          length_m: {
            total: [...waterwayLength.values()].reduce((a, b) => a + b, 0),
            by_kind: Object.fromEntries([...waterwayLength].sort()),
          },
          bridges: [...waterCrossings.values()].filter((k) => k === 'bridge').length,
          fords: [...waterCrossings.values()].filter((k) => k === 'ford').length,
          tunnels: [...waterCrossings.values()].filter((k) => k === 'tunnel').length,
        },
        population_total: population,
        building_count: buildings === null ? null : (buildings as Set<string | number>).size + anonymousBuildings,
      };
    },
  };
}
