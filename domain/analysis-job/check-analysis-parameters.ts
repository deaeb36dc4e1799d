// Range rules of a request that a JSON schema cannot state: lengths and areas in ground metres and
// the footprint limit. Returns FastAPI-style issues (loc from the body), empty when acceptable. Pure.
import type {
  AnalysisParameters,
  LandingZonesParameters,
  LineOfSightParameters,
  TerrainEvaluationParameters,
} from './analysis-parameters.ts';
import { validateGeometry } from '../map/geojson/validate-geometry.ts';
import type { DeferredRingChecks } from '../map/geojson/deferred-ring-checks.ts';
import { analysisFootprint } from './analysis-footprint.ts';
import { groundDistanceM } from './ground-distance-m.ts';
import {
  MAX_ANALYSIS_WORK_TILES,
  MAX_LINE_OF_SIGHT_M,
  MAX_TERRAIN_EVALUATION_WORK_TILES,
  type AvailableAnalysisType,
} from './analysis-vocabulary.ts';

export interface ParameterIssue {
  loc: Array<string | number>;
  msg: string;
  type: string;
}

/** Where a footprint that is too large is reported, per tool (the radius otherwise). */
const FOOTPRINT_LOC: Partial<Record<AvailableAnalysisType, Array<string | number>>> = {
  line_of_sight: ['body', 'target', 'position'],
  landing_zones: ['body', 'area'],
  route: ['body', 'waypoints'],
  terrain_evaluation: ['body', 'area'],
};

/** With `deferred`, the area's ring crossing searches are left to the caller (validate-geometry.ts). */
export function checkAnalysisParameters(
  type: AvailableAnalysisType,
  parameters: AnalysisParameters,
  deferred?: DeferredRingChecks,
): ParameterIssue[] {
  if (type === 'line_of_sight') {
    const { observer, target } = parameters as LineOfSightParameters;
    const distance = groundDistanceM(observer.position, target.position);
    if (distance > MAX_LINE_OF_SIGHT_M) {
      return [
        {
          loc: ['body', 'target', 'position'],
          type: 'value_error',
          msg: `target is ${Math.round(distance)} m from the observer; a line of sight is at most ${MAX_LINE_OF_SIGHT_M} m`,
        },
      ];
    }
  }
  if (type === 'terrain_evaluation') {
    const evaluation = parameters as TerrainEvaluationParameters;
    const issues = validateGeometry(evaluation.area, ['Polygon'], ['body', 'area'], deferred);
    if (issues.length > 0) return issues;
    if ((evaluation.start === null) !== (evaluation.objective === null)) {
      return [
        {
          loc: ['body', evaluation.start === null ? 'start' : 'objective'],
          type: 'value_error',
          msg: "give both start and objective, or neither (then the avenues along the area's long axis are evaluated both ways)",
        },
      ];
    }
    for (const key of ['start', 'objective'] as const) {
      const place = evaluation[key];
      if (place && place.type === 'Polygon') {
        const placeIssues = validateGeometry(place, ['Polygon'], ['body', key], deferred);
        if (placeIssues.length > 0) return placeIssues;
      }
    }
  }
  if (type === 'landing_zones') {
    // Closed rings, [lon, lat] order, no self-intersections: the map layers' GeoJSON rules.
    const issues = validateGeometry(
      (parameters as LandingZonesParameters).area,
      ['Polygon'],
      ['body', 'area'],
      deferred,
    );
    if (issues.length > 0) return issues;
  }
  const tiles = analysisFootprint(type, parameters).length;
  const limit = type === 'terrain_evaluation' ? MAX_TERRAIN_EVALUATION_WORK_TILES : MAX_ANALYSIS_WORK_TILES;
  if (tiles > limit) {
    return [
      {
        loc: FOOTPRINT_LOC[type] ?? ['body', 'radius_m'],
        type: 'value_error',
        msg: `the analysis area covers ${tiles} work tiles; at most ${limit} (a smaller ${type === 'terrain_evaluation' ? 'area' : 'radius or a shorter line'})`,
      },
    ];
  }
  return [];
}
