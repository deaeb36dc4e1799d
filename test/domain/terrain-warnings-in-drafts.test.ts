// AO sanity warnings reach the drafts: the rule-based WARNO 1.b terrain paragraph and the OAKOC lines
// of mission analysis say them after the figures; prompts v2 carry them; summaries without any stay as they were.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Grounding, GroundingTerrainSummary } from '../../domain/generation/generation-grounding.ts';
import { draftRecordByRules } from '../../domain/generation/rule-based-record-draft.ts';
import { terrainAndAnalysisLines } from '../../domain/generation/prompts/grounding-block.ts';
import { summaryWarnings, syntheticSourceWarnings } from '../../domain/terrain-job/terrain-warnings.ts';

const MAP = '1c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const LAKE: GroundingTerrainSummary = {
  terrain_job_id: '2c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  version: 'summary-v2:0123456789abcdef',
  area_km2: 40,
  elevation_m: { min: -50, max: -26, mean: -40 },
  slope_degrees_shares: { '0-5': 1, '5-10': 0, '10-15': 0, '15-20': 0, '20-30': 0, '30-45': 0, '>45': 0 },
  land_cover_shares: { 80: 1 },
  mobility_shares: { foot: { go: 0, slow_go: 0, no_go: 1, nodata: 0 } },
  road_length_m: { total: 0, by_class: {} },
  population_total: null,
  building_count: null,
  warnings: [
    ...syntheticSourceWarnings({ land_cover: { fingerprint: 'synthetic:land_cover:v3' } }, ['land_cover']),
    ...summaryWarnings({ area_km2: 40, water_share: 1, road_length_m: 0 }),
  ],
};
const grounding = (kind: 'warno' | 'mission_analysis', type: string, summary: GroundingTerrainSummary): Grounding => ({
  record: { kind, type, title: type, doctrine: 'FM 6-0', items: null, version: 0, text: null, item_texts: [] },
  operation: {
    id: '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    name: 'IRON GATE',
    unit: '2-7 IN',
    branch: 'infantry',
    echelon: 'battalion',
    description: null,
    revision: 1,
  },
  maps: [
    {
      id: MAP,
      name: 'AO FULDA',
      revision: 1,
      finished_terrain_job_ids: [summary.terrain_job_id],
      terrain_summary: summary,
    },
  ],
  documents: [],
  instructions: null,
  analyses: [],
});
const WARNINGS =
  'Terrain data warnings for AO FULDA: land_cover was prepared from synthetic data (generated, not a survey of the ground): ' +
  'do not plan on it; 100.0% of the 40 km² area is water (more than 50.0%): check the area and the land-cover source; ' +
  'no road inside the 40 km² area: movement is cross-country only, or the roads source does not cover it.';

test('WARNO 1.b: the warnings follow the terrain paragraph', () => {
  const paragraphs = draftRecordByRules(grounding('warno', 'area_of_operations', LAKE)).text.split('\n\n');
  const at = paragraphs.findIndex((p) => p.startsWith('Terrain of AO FULDA:'));
  assert.ok(at > 0);
  assert.is(paragraphs[at + 1], WARNINGS);
});

test('mission analysis OAKOC: the warnings close the terrain aspects', () => {
  const paragraphs = draftRecordByRules(grounding('mission_analysis', 'terrain_and_weather', LAKE)).text.split('\n\n');
  assert.ok(paragraphs.includes(WARNINGS), paragraphs.join('\n'));
});

test('prompts v2 carry the warnings; a summary without warnings adds nothing', () => {
  assert.match(
    terrainAndAnalysisLines(grounding('warno', 'area_of_operations', LAKE))[0]!,
    /; data warnings: land_cover was prepared from synthetic data/,
  );
  const { warnings: _w, ...old } = LAKE;
  const paragraphs = draftRecordByRules(grounding('warno', 'area_of_operations', old)).text.split('\n\n');
  assert.not.ok(paragraphs.some((p) => p.startsWith('Terrain data warnings')));
  assert.not.match(terrainAndAnalysisLines(grounding('warno', 'area_of_operations', old))[0]!, /data warnings/);
});

test.run();
