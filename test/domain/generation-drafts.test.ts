// Prompts, draft schemas and rule-based drafts of planning records (domain/generation): prompts carry
// the operation's own data and their version; the draft schema follows the record type's item rule;
// rule-based drafts are deterministic and marked.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv } from 'ajv';
import type { Grounding } from '../../domain/generation/generation-grounding.ts';
import { warnoPromptV1 } from '../../domain/generation/prompts/warno.v1.ts';
import { missionAnalysisPromptV1 } from '../../domain/generation/prompts/mission-analysis.v1.ts';
import { draftTextLimit, recordDraftSchema } from '../../domain/generation/record-draft-schema.ts';
import { draftRecordByRules, RULE_BASED_MARK } from '../../domain/generation/rule-based-record-draft.ts';
import { MISSION_ANALYSIS_CATALOGUE } from '../../domain/planning-record/planning-catalogues.ts';

const ID = '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const grounding = (
  kind: 'warno' | 'mission_analysis',
  type: string,
  items: Grounding['record']['items'] = null,
): Grounding => ({
  record: { kind, type, title: `Title of ${type}`, doctrine: 'FM 6-0', items, version: 0, text: null, item_texts: [] },
  operation: {
    id: ID,
    name: 'IRON GATE',
    unit: '2-7 IN',
    branch: 'infantry',
    echelon: 'battalion',
    description: 'Seize the ford',
    revision: 1,
  },
  maps: [{ id: ID, name: 'AO NORTH', revision: 2, finished_terrain_job_ids: [ID] }],
  documents: [
    {
      id: ID,
      file_name: 'opord.md',
      sha256: 'ab',
      classification: 'UNCLASSIFIED',
      description: null,
      text_excerpt: 'Seize OBJ IRON.',
    },
  ],
  instructions: 'Stress the river.',
});

test('prompts: versioned, grounded in the operation, its maps, documents and instructions', () => {
  assert.is(warnoPromptV1.version, 'warno.v1');
  assert.is(missionAnalysisPromptV1.version, 'mission-analysis.v1');
  const [system, user] = warnoPromptV1.messages(grounding('warno', 'mission'));
  assert.match(system!.content, /never invent/);
  for (const fact of [
    'Operation: IRON GATE',
    'Unit: 2-7 IN (echelon battalion, branch infantry)',
    'Description: Seize the ford',
    'AO NORTH (terrain data prepared)',
    'Document opord.md [UNCLASSIFIED]',
    'Seize OBJ IRON.',
    'Staff instructions: Stress the river.',
  ]) {
    assert.ok(user!.content.includes(fact), fact);
  }
});

test("draft schema: free text, or text and items narrowed to the type's kinds; text bounded by the token budget", () => {
  const ajv = new Ajv({ strict: false });
  const free = ajv.compile(recordDraftSchema(null));
  assert.ok(free({ text: 'a' }));
  assert.not.ok(free({ text: ' ' }));
  assert.not.ok(free({ text: 'a', items: [] }));
  const tasks = ajv.compile(recordDraftSchema(MISSION_ANALYSIS_CATALOGUE.find((e) => e.type === 'tasks')!.items));
  assert.ok(tasks({ text: 'a', items: [{ kind: 'implied', text: 'x' }] }));
  assert.not.ok(tasks({ text: 'a', items: [{ kind: 'pir', text: 'x' }] }));
  assert.not.ok(tasks({ text: 'a', items: [{ kind: 'implied', text: 'x', weight: 2 }] }));
  assert.equal([draftTextLimit(300), draftTextLimit(2048), draftTextLimit(10)], [236, 1984, 16]);
  assert.not.ok(ajv.compile(recordDraftSchema(null, 236))({ text: 'x'.repeat(237) }));
});

test('rule-based drafts: deterministic, marked, from the grounding only', () => {
  const g = grounding('warno', 'area_of_operations');
  assert.equal(draftRecordByRules(g), draftRecordByRules(g));
  assert.equal(draftRecordByRules(g), {
    text:
      `${RULE_BASED_MARK}\n\nNo map boundary is drawn: the area's extent in MGRS is unknown (draw the area of operations).` +
      '\n\nNo terrain evaluation of the area of operations (run a terrain_evaluation analysis on the map).' +
      '\n\nWeather: not in the order, and the service holds no weather data (staff weather officer).' +
      `\n\nThe area is drawn on map AO NORTH.\n\nTerrain data is prepared for AO NORTH: see the terrain analyses of that map.` +
      '\n\nInstructions given (not interpreted by the rule-based drafter): Stress the river.',
  });
  const other = draftRecordByRules({
    ...grounding('mission_analysis', 'ccir', { kinds: ['pir', 'ffir', 'eefi'], fields: [] }),
    instructions: null,
  });
  assert.equal(other, {
    // No order read and no terrain evaluation: one line naming both, never a "TBD".
    text:
      `${RULE_BASED_MARK}\n\nNo higher headquarters' order attached (or none recognised in the operation's documents). ` +
      'No terrain evaluation of the area of operations (run a terrain_evaluation analysis on the map).',
    items: [],
  });
});

test.run();
