// Issue 13: drafts grounded in the maps' terrain summaries and the completed analyses (domain/generation):
// the key results picked from analysis results, the figures as drafts quote them, the OAKOC terrain
// product of mission analysis, WARNO 1.b and initial movement, facts, provenance inputs, prompts v2.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Grounding, GroundingTerrainSummary } from '../../domain/generation/generation-grounding.ts';
import { groundingInputs } from '../../domain/generation/generation-grounding.ts';
import { analysisKeyResults } from '../../domain/generation/analysis-key-results.ts';
import { describeTerrainSummary } from '../../domain/generation/describe-terrain-summary.ts';
import { describeAnalysis } from '../../domain/generation/describe-analysis.ts';
import { draftRecordByRules, RULE_BASED_MARK } from '../../domain/generation/rule-based-record-draft.ts';
import { warnoPromptV1 } from '../../domain/generation/prompts/warno.v1.ts';
import { warnoPromptV2 } from '../../domain/generation/prompts/warno.v2.ts';
import { missionAnalysisPromptV2 } from '../../domain/generation/prompts/mission-analysis.v2.ts';
import { DRAFT_PROMPTS } from '../../domain/generation/prompts/draft-prompts.ts';
import { MISSION_ANALYSIS_CATALOGUE } from '../../domain/planning-record/planning-catalogues.ts';

const OP = '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const MAP = '1c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const JOB = '2c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const ROUTE = '3c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const LZ = '4c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const VIEW = '5c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const RF = '6c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

const SUMMARY: GroundingTerrainSummary = {
  terrain_job_id: JOB,
  version: 'summary-v1:0123456789abcdef',
  area_km2: 12.3456,
  elevation_m: { min: 120.4, max: 480.6, mean: 300.2 },
  slope_degrees_shares: {
    '0-5': 0.6,
    '5-10': 0.25,
    '10-15': 0.1,
    '15-20': 0,
    '20-30': 0.03,
    '30-45': 0.015,
    '>45': 0.005,
  },
  land_cover_shares: { 10: 0.45, 30: 0.3, 50: 0.2, 80: 0.05 },
  mobility_shares: {
    foot: { go: 0.9, slow_go: 0.08, no_go: 0.02, nodata: 0 },
    wheeled: { go: 0.5, slow_go: 0.2, no_go: 0.3, nodata: 0 },
    tracked: { go: 0.7, slow_go: 0.2, no_go: 0.09, nodata: 0.01 },
  },
  road_length_m: { total: 12345, by_class: { track: 5000, primary: 2100, residential: 5245 } },
  population_total: null,
  building_count: 314,
};

const ROUTE_RESULT = {
  movement: 'foot',
  neighbourhood: 8,
  cell_size_m: 19.02,
  waypoints: [
    { index: 0, mgrs: '35VLG8560067000' },
    { index: 1, mgrs: '35VLG9100067100' },
  ],
  found: true,
  length_m: 4210.55,
  seconds: 3120.4,
  leg_seconds: [3120.4],
  ascent_m: 10,
  descent_m: 12,
  share_by_class: { road: 0.3, go: 0.6, slow_go: 0.1 },
  profile: [],
};
const LZ_RESULT = {
  aircraft_size: 2,
  candidates: 3,
  suitable: 2,
  zones: [
    { suitable: true, center: { mgrs: '35VLG8700066000' } },
    { suitable: false, center: { mgrs: '35VLG8800066000' } },
    { suitable: true, center: { mgrs: '35VLG8900066000' } },
  ],
};
const VIEW_RESULT = {
  observer: { mgrs: '35VLG8600066500' },
  radius_m: 3000,
  visible_share: 0.4213,
  visible_area_km2: 11.9,
};
const RF_RESULT = {
  emitter: { mgrs: '35VLG8600066600', name: 'RETRANS 1' },
  radius_m: 10000,
  statistics: { covered_share: 0.612345, max_range_m: 9876.5 },
};

const grounding = (
  kind: 'warno' | 'mission_analysis',
  type: string,
  items: Grounding['record']['items'] = null,
): Grounding => ({
  record: { kind, type, title: `Title of ${type}`, doctrine: 'FM 6-0', items, version: 0, text: null, item_texts: [] },
  operation: {
    id: OP,
    name: 'IRON GATE',
    unit: '2-7 IN',
    branch: 'infantry',
    echelon: 'battalion',
    description: null,
    revision: 1,
  },
  maps: [{ id: MAP, name: 'AO NORTH', revision: 2, finished_terrain_job_ids: [JOB], terrain_summary: SUMMARY }],
  documents: [],
  instructions: null,
  analyses: [
    { id: ROUTE, map_id: MAP, title: 'Route', results: analysisKeyResults('route', ROUTE_RESULT)! },
    { id: LZ, map_id: MAP, title: 'Landing zones', results: analysisKeyResults('landing_zones', LZ_RESULT)! },
    { id: VIEW, map_id: MAP, title: 'Viewshed', results: analysisKeyResults('viewshed', VIEW_RESULT)! },
    { id: RF, map_id: MAP, title: 'RF coverage', results: analysisKeyResults('rf_coverage', RF_RESULT)! },
  ],
});

test('key results of each analysis type, from its stored result', () => {
  assert.equal(analysisKeyResults('route', ROUTE_RESULT), {
    type: 'route',
    movement: 'foot',
    found: true,
    from_mgrs: '35VLG8560067000',
    to_mgrs: '35VLG9100067100',
    length_m: 4210.55,
    seconds: 3120.4,
    road_share: 0.3,
    go_share: 0.6,
    slow_go_share: 0.1,
  });
  assert.equal(
    analysisKeyResults('route', { movement: 'wheeled', found: false, waypoints: [], message: 'waypoint 1 is NO-GO' }),
    {
      type: 'route',
      movement: 'wheeled',
      found: false,
      from_mgrs: null,
      to_mgrs: null,
      message: 'waypoint 1 is NO-GO',
    },
  );
  assert.equal(analysisKeyResults('landing_zones', LZ_RESULT), {
    type: 'landing_zones',
    aircraft_size: 2,
    candidates: 3,
    suitable: 2,
    suitable_mgrs: ['35VLG8700066000', '35VLG8900066000'],
  });
  assert.equal(analysisKeyResults('viewshed', VIEW_RESULT), {
    type: 'viewshed',
    observer_mgrs: '35VLG8600066500',
    radius_m: 3000,
    visible_share: 0.4213,
    visible_area_km2: 11.9,
  });
  assert.equal(analysisKeyResults('rf_coverage', RF_RESULT), {
    type: 'rf_coverage',
    emitter: 'RETRANS 1',
    emitter_mgrs: '35VLG8600066600',
    radius_m: 10000,
    covered_share: 0.612345,
    max_range_m: 9876.5,
  });
  assert.equal(
    analysisKeyResults('line_of_sight', {
      visible: false,
      ground_distance_m: 935.2,
      observer: { mgrs: 'A' },
      target: { mgrs: null },
    }),
    {
      type: 'line_of_sight',
      observer_mgrs: 'A',
      target_mgrs: null,
      visible: false,
      ground_distance_m: 935.2,
    },
  );
  assert.is(analysisKeyResults('weather', { a: 1 }), null);
  assert.is(analysisKeyResults('route', null), null);
});

test('terrain figures and analysis sentences as drafts quote them', () => {
  assert.equal(describeTerrainSummary(SUMMARY), {
    area: '12.3 km²',
    elevation: '120–481 m (mean 300 m)',
    slope: '0-5° 60.0%, 5-10° 25.0%, 10-15° 10.0%, 20-30° 3.0%, 30-45° 1.5%, >45° 0.5%',
    landCover: 'Tree cover 45.0%, Grassland 30.0%, Built-up 20.0%, Permanent water bodies 5.0%',
    mobility:
      'foot GO 90.0% / SLOW-GO 8.0% / NO-GO 2.0%; wheeled GO 50.0% / SLOW-GO 20.0% / NO-GO 30.0%; ' +
      'tracked GO 70.0% / SLOW-GO 20.0% / NO-GO 9.0% (no data 1.0%)',
    roads: '12.3 km (residential 5.2 km, track 5 km, primary 2.1 km)',
    population: null,
    buildings: '314 buildings',
  });
  const bare = describeTerrainSummary({
    ...SUMMARY,
    elevation_m: null,
    land_cover_shares: {},
    road_length_m: { total: 0, by_class: {} },
    population_total: 1234.4,
  });
  assert.equal(
    [bare.elevation, bare.landCover, bare.roads, bare.population],
    ['no data', 'no data', 'none mapped', 'about 1234 persons'],
  );
  const [route, lz, view, rf] = grounding('warno', 'mission').analyses!.map((a) => describeAnalysis(a.results));
  assert.is(
    route,
    'Route (foot) from 35VLG8560067000 to 35VLG9100067100: 4.2 km in 52 min (road 30.0%, GO 60.0%, SLOW-GO 10.0%)',
  );
  assert.is(lz, 'Landing-zone survey (aircraft size 2): 2 suitable of 3 candidates (35VLG8700066000, 35VLG8900066000)');
  assert.is(view, 'Viewshed from 35VLG8600066500 (radius 3 km): 42.1% visible (11.9 km²)');
  assert.is(rf, 'RF coverage of RETRANS 1 at 35VLG8600066600 (radius 10 km): 61.2% covered, farthest reception 9.9 km');
  assert.is(
    describeAnalysis(
      analysisKeyResults('line_of_sight', {
        visible: true,
        ground_distance_m: 935.2,
        observer: {},
        target: { mgrs: 'B' },
      })!,
    ),
    'Line of sight from an unreferenced point to B: visible over 935 m',
  );
});

test('mission analysis terrain and weather: the OAKOC aspects from the summary and the analyses', () => {
  const draft = draftRecordByRules(grounding('mission_analysis', 'terrain_and_weather'));
  // No order and no terrain evaluation: those lines name them; the summary's OAKOC figures follow.
  assert.equal(draft.text.split('\n\n'), [
    RULE_BASED_MARK,
    'No terrain evaluation of the area of operations (run a terrain_evaluation analysis on the map).',
    'Weather: not in the order, and the service holds no weather data (staff weather officer).',
    'The area is drawn on map AO NORTH.',
    'Terrain data is prepared for AO NORTH: see the terrain analyses of that map.',
    'Terrain of AO NORTH (terrain summary, 12.3 km²):',
    'Observation and fields of fire: elevation 120–481 m (mean 300 m); ' +
      'Viewshed from 35VLG8600066500 (radius 3 km): 42.1% visible (11.9 km²).',
    'Avenues of approach: roads 12.3 km (residential 5.2 km, track 5 km, primary 2.1 km); cross-country ' +
      'foot GO 90.0% / SLOW-GO 8.0% / NO-GO 2.0%; wheeled GO 50.0% / SLOW-GO 20.0% / NO-GO 30.0%; ' +
      'tracked GO 70.0% / SLOW-GO 20.0% / NO-GO 9.0% (no data 1.0%); ' +
      'Route (foot) from 35VLG8560067000 to 35VLG9100067100: 4.2 km in 52 min (road 30.0%, GO 60.0%, SLOW-GO 10.0%).',
    'Key terrain (summary): the high ground reaches 481 m; ' +
      'Landing-zone survey (aircraft size 2): 2 suitable of 3 candidates (35VLG8700066000, 35VLG8900066000).',
    'Obstacles: NO-GO foot 2.0%, wheeled 30.0%, tracked 9.0%; slopes over 30° 2.0%; water 5.0%.',
    'Cover and concealment: tree cover 45.0%, built-up 20.0%.',
    'Line-of-sight communications: RF coverage of RETRANS 1 at 35VLG8600066600 (radius 10 km): 61.2% covered, ' +
      'farthest reception 9.9 km.',
  ]);
  // Analyses but no summary yet: the analyses are listed, no OAKOC and no weather line.
  const g = grounding('mission_analysis', 'terrain_and_weather');
  const early = draftRecordByRules({
    ...g,
    maps: [{ ...g.maps[0]!, finished_terrain_job_ids: [], terrain_summary: null }],
    analyses: g.analyses!.slice(0, 1),
  });
  assert.equal(early.text.split('\n\n').slice(4), [
    'No terrain data is prepared yet (run a terrain job on the map).',
    'Analyses of AO NORTH:',
    'Route (foot) from 35VLG8560067000 to 35VLG9100067100: 4.2 km in 52 min (road 30.0%, GO 60.0%, SLOW-GO 10.0%).',
  ]);
});

test('WARNO 1.b terrain paragraph, initial movement from the routes, facts of mission analysis', () => {
  const area = draftRecordByRules(grounding('warno', 'area_of_operations'));
  assert.equal(area.text.split('\n\n').slice(6), [
    'Terrain of AO NORTH: 12.3 km²; elevation 120–481 m (mean 300 m); ' +
      'slope 0-5° 60.0%, 5-10° 25.0%, 10-15° 10.0%, 20-30° 3.0%, 30-45° 1.5%, >45° 0.5%; ' +
      'land cover Tree cover 45.0%, Grassland 30.0%, Built-up 20.0%, Permanent water bodies 5.0%; ' +
      'mobility foot GO 90.0% / SLOW-GO 8.0% / NO-GO 2.0%; wheeled GO 50.0% / SLOW-GO 20.0% / NO-GO 30.0%; ' +
      'tracked GO 70.0% / SLOW-GO 20.0% / NO-GO 9.0% (no data 1.0%); ' +
      'roads 12.3 km (residential 5.2 km, track 5 km, primary 2.1 km); 314 buildings.',
    'Route (foot) from 35VLG8560067000 to 35VLG9100067100: 4.2 km in 52 min (road 30.0%, GO 60.0%, SLOW-GO 10.0%).',
    'Landing-zone survey (aircraft size 2): 2 suitable of 3 candidates (35VLG8700066000, 35VLG8900066000).',
    'Viewshed from 35VLG8600066500 (radius 3 km): 42.1% visible (11.9 km²).',
    'RF coverage of RETRANS 1 at 35VLG8600066600 (radius 10 km): 61.2% covered, farthest reception 9.9 km.',
  ]);
  assert.equal(draftRecordByRules(grounding('warno', 'initial_movement_instructions')).text.split('\n\n').slice(1), [
    "No higher headquarters' order attached (or none recognised in the operation's documents). " +
      'No terrain evaluation of the area of operations (run a terrain_evaluation analysis on the map).',
    'Routes analysed:',
    'Route (foot) from 35VLG8560067000 to 35VLG9100067100: 4.2 km in 52 min (road 30.0%, GO 60.0%, SLOW-GO 10.0%).',
  ]);
  const noRoutes = draftRecordByRules({ ...grounding('warno', 'initial_movement_instructions'), analyses: [] });
  assert.match(noRoutes.text, /\(run a terrain_evaluation analysis on the map\)\.$/);
  const rule = MISSION_ANALYSIS_CATALOGUE.find((e) => e.type === 'facts_and_assumptions')!.items;
  const facts = draftRecordByRules(grounding('mission_analysis', 'facts_and_assumptions', rule));
  assert.equal(
    facts.items!.map((i) => [i.kind, i.text]),
    [
      ['fact', '2-7 IN is a battalion of the infantry branch.'],
      ['fact', 'The operation is planned on 1 map(s): AO NORTH.'],
      [
        'fact',
        'AO NORTH: 12.3 km², elevation 120–481 m (mean 300 m), roads 12.3 km (residential 5.2 km, track 5 km, primary 2.1 km).',
      ],
      [
        'fact',
        'Route (foot) from 35VLG8560067000 to 35VLG9100067100: 4.2 km in 52 min (road 30.0%, GO 60.0%, SLOW-GO 10.0%).',
      ],
      ['fact', 'Landing-zone survey (aircraft size 2): 2 suitable of 3 candidates (35VLG8700066000, 35VLG8900066000).'],
      ['fact', 'Viewshed from 35VLG8600066500 (radius 3 km): 42.1% visible (11.9 km²).'],
      ['fact', 'RF coverage of RETRANS 1 at 35VLG8600066600 (radius 10 km): 61.2% covered, farthest reception 9.9 km.'],
      ['assumption', "The higher headquarters' order will be received before COA development."],
    ],
  );
});

test('provenance lists the terrain summary and each analysis with id and version', () => {
  assert.equal(groundingInputs(grounding('warno', 'mission'), ROUTE).slice(2), [
    { kind: 'map', id: MAP, version: '2' },
    { kind: 'terrain_job', id: JOB, version: 'success' },
    { kind: 'terrain_summary', id: JOB, version: 'summary-v1:0123456789abcdef' },
    { kind: 'analysis', id: ROUTE, version: 'success' },
    { kind: 'analysis', id: LZ, version: 'success' },
    { kind: 'analysis', id: VIEW, version: 'success' },
    { kind: 'analysis', id: RF, version: 'success' },
  ]);
});

test('prompts v2 carry the terrain figures and analyses; v1 is unchanged and still what old jobs name', () => {
  assert.equal(
    [DRAFT_PROMPTS.warno.version, DRAFT_PROMPTS.mission_analysis.version],
    ['warno.v2', 'mission-analysis.v2'],
  );
  const g = grounding('warno', 'area_of_operations');
  const [system, user] = warnoPromptV2.messages(g);
  assert.match(system!.content, /Quote terrain figures and analysis results exactly as given/);
  const lines = user!.content.split('\n');
  const maps = lines.indexOf('Maps: AO NORTH (terrain data prepared)');
  assert.equal(lines.slice(maps + 1, maps + 6), [
    'Terrain summary of AO NORTH: area 12.3 km²; elevation 120–481 m (mean 300 m); ' +
      'slope 0-5° 60.0%, 5-10° 25.0%, 10-15° 10.0%, 20-30° 3.0%, 30-45° 1.5%, >45° 0.5%; ' +
      'land cover Tree cover 45.0%, Grassland 30.0%, Built-up 20.0%, Permanent water bodies 5.0%; ' +
      'mobility foot GO 90.0% / SLOW-GO 8.0% / NO-GO 2.0%; wheeled GO 50.0% / SLOW-GO 20.0% / NO-GO 30.0%; ' +
      'tracked GO 70.0% / SLOW-GO 20.0% / NO-GO 9.0% (no data 1.0%); ' +
      'roads 12.3 km (residential 5.2 km, track 5 km, primary 2.1 km); 314 buildings',
    'Analysis on AO NORTH: Route (foot) from 35VLG8560067000 to 35VLG9100067100: 4.2 km in 52 min (road 30.0%, GO 60.0%, SLOW-GO 10.0%)',
    'Analysis on AO NORTH: Landing-zone survey (aircraft size 2): 2 suitable of 3 candidates (35VLG8700066000, 35VLG8900066000)',
    'Analysis on AO NORTH: Viewshed from 35VLG8600066500 (radius 3 km): 42.1% visible (11.9 km²)',
    'Analysis on AO NORTH: RF coverage of RETRANS 1 at 35VLG8600066600 (radius 10 km): 61.2% covered, farthest reception 9.9 km',
  ]);
  assert.match(missionAnalysisPromptV2.messages(g)[0]!.content, /OAKOC/);
  const bare = { ...g, maps: [], analyses: [] };
  assert.ok(
    warnoPromptV2.messages(bare)[1]!.content.includes('Maps: (none)\nTerrain summaries: (none)\nAnalyses: (none)\n'),
  );
  // Version 1 is byte-for-byte what it was: no terrain lines, whatever the grounding holds.
  const v1 = warnoPromptV1.messages(g)[1]!.content;
  assert.ok(v1.includes('Maps: AO NORTH (terrain data prepared)\nDocuments: (none)'), v1);
  assert.not.ok(v1.includes('Terrain summary'));
});

test.run();
