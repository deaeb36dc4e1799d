// COA generation in the domain (domain/generation): the FM 5-0 screening rule on drafted COAs
// (distinguishable: form of maneuver AND main effort; complete: every required part drafted; the other
// criteria only from a model's verdict), the draft schema and its token-bounded string limit, the
// rule-based drafts (valid, distinguishable, marked) and the versioned prompt.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv } from 'ajv';
import {
  coaDraftTextLimit,
  coaSetDraftSchema,
  MAX_COA_DRAFT_TEXT,
  type CoaDraft,
} from '../../domain/generation/coa-draft-schema.ts';
import type { CoaGrounding } from '../../domain/generation/coa-grounding.ts';
import { coaStatementsPromptV1 } from '../../domain/generation/prompts/coa-statements.v1.ts';
import { draftCoasByRules } from '../../domain/generation/rule-based-coa-draft.ts';
import { RULE_BASED_MARK } from '../../domain/generation/rule-based-record-draft.ts';
import { screenCoaDrafts } from '../../domain/generation/screen-coa-drafts.ts';

const ID = '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

const coa = (form: CoaDraft['form_of_maneuver'], mainEffort: string, changes: Partial<CoaDraft> = {}): CoaDraft => ({
  name: `COA ${form}`,
  statement: 'We attack.',
  form_of_maneuver: form,
  main_effort: mainEffort,
  task_organization: [{ unit: 'A Co', text: 'Seize OBJ IRON' }],
  attributes: {
    decisive_operation: 'A Co seizes',
    shaping_operations: 'B Co fixes',
    sustaining_operations: 'LRP 2',
    reserve: '',
    end_state: 'OBJ IRON held',
  },
  sections: [],
  ...changes,
});

const grounding = (description: string | null, count = 3): CoaGrounding => ({
  operation: {
    id: ID,
    name: 'IRON GATE',
    unit: '2-7 IN',
    branch: 'infantry',
    echelon: 'battalion',
    description,
    revision: 1,
  },
  mission_analysis: [
    {
      id: ID,
      type: 'commanders_initial_intent',
      title: "Commander's initial intent",
      version: 1,
      text: 'OBJ IRON held by 0600.',
      item_texts: [],
    },
  ],
  maps: [{ id: ID, name: 'AO NORTH', revision: 2, finished_terrain_job_ids: [ID] }],
  documents: [],
  instructions: null,
  count,
});

test('distinguishable: the same form of maneuver AND main effort (ignoring case, spacing, punctuation) are twins', () => {
  const screened = screenCoaDrafts([
    coa('penetration', 'A Co, north'),
    coa('penetration', '  a co NORTH!'),
    coa('penetration', 'B Co, south'),
    coa('envelopment', 'A Co, north'),
  ]);
  assert.equal(
    screened.map((s) => [s.screening.distinguishable.verdict, s.screening.distinguishable.rationale]),
    [
      ['does_not_meet', 'Same form of maneuver (penetration) and main effort as COA 2.'],
      ['does_not_meet', 'Same form of maneuver (penetration) and main effort as COA 1.'],
      ['meets', 'No other COA has both its form of maneuver (penetration) and its main effort.'],
      ['meets', 'No other COA has both its form of maneuver (envelopment) and its main effort.'],
    ],
  );
  assert.equal(
    screened.map((s) => s.screening_result),
    ['fails', 'fails', 'incomplete', 'incomplete'],
  );
  const triple = screenCoaDrafts([coa('infiltration', 'x'), coa('infiltration', 'X'), coa('infiltration', 'x.')]);
  assert.is(
    triple[0]!.screening.distinguishable.rationale,
    'Same form of maneuver (infiltration) and main effort as COA 2, COA 3.',
  );
});

test('complete: every required part drafted; blank or "TBD" is missing; the reserve is not required', () => {
  const [full, partial] = screenCoaDrafts([
    coa('penetration', 'north'),
    coa('envelopment', 'south', {
      statement: ' ',
      task_organization: [],
      attributes: {
        decisive_operation: 'x',
        shaping_operations: 'tbd.',
        sustaining_operations: 'x',
        reserve: 'x',
        end_state: '\n',
      },
    }),
  ]);
  assert.equal(full!.screening.complete, {
    verdict: 'meets',
    rationale:
      'Drafted: statement, main effort, task organization, decisive operation, shaping operations, sustaining operations, end state.',
  });
  assert.equal(partial!.screening.complete, {
    verdict: 'does_not_meet',
    rationale: 'Not drafted: statement, task organization, shaping operations, end state.',
  });
});

test("feasible, acceptable, suitable: the model's verdict and rationale, else not assessed; all met passes", () => {
  const judged = {
    feasible: { verdict: 'meets' as const, rationale: 'Enough time.' },
    acceptable: { verdict: 'meets' as const, rationale: 'Low cost.' },
    suitable: { verdict: 'meets' as const, rationale: 'Within intent.' },
  };
  const [passes, partly] = screenCoaDrafts([
    coa('penetration', 'north', { screening: judged }),
    coa('envelopment', 'south', {
      screening: { suitable: { verdict: 'does_not_meet', rationale: 'Outside the AO.' } },
    }),
  ]);
  assert.equal(passes!.screening.feasible, { verdict: 'meets', rationale: 'Enough time.' });
  assert.is(passes!.screening_result, 'passes');
  assert.equal(
    [partly!.screening.feasible, partly!.screening.suitable, partly!.screening_result],
    [{ verdict: 'not_assessed', rationale: null }, { verdict: 'does_not_meet', rationale: 'Outside the AO.' }, 'fails'],
  );
});

test('schema: exactly count COAs, known forms and fields, strings bounded; the limit closes the JSON in the token budget', () => {
  const ajv = new Ajv({ strict: false });
  const two = ajv.compile(coaSetDraftSchema(2, 100));
  const valid = coa('penetration', 'north', {
    sections: [{ title: 'Phase I', content: '', field: 'phases_and_transitions' }],
  });
  assert.ok(two({ coas: [valid, valid] }), JSON.stringify(two.errors));
  assert.not.ok(two({ coas: [valid] }));
  assert.not.ok(two({ coas: [valid, { ...valid, form_of_maneuver: 'charge' }] }));
  assert.not.ok(two({ coas: [valid, { ...valid, sections: [{ title: 'x', content: '', field: 'nope' }] }] }));
  assert.not.ok(two({ coas: [valid, { ...valid, statement: 'x'.repeat(101) }] }));
  assert.not.ok(two({ coas: [valid, { ...valid, name: ' ' }] }));
  assert.not.ok(
    two({ coas: [valid, { ...valid, screening: { distinguishable: { verdict: 'meets', rationale: 'x' } } }] }),
  );
  // (5000 − 32 − 2 × 1300) / (2 × 25 strings) = 47; a budget too small still gets 16.
  assert.equal(
    [coaDraftTextLimit(2, 5000), coaDraftTextLimit(3, 2048), coaDraftTextLimit(2, 1_000_000)],
    [47, 16, MAX_COA_DRAFT_TEXT],
  );
});

test('rule-based drafts: valid, deterministic, distinguishable and marked; defense when the operation defends', () => {
  const ajv = new Ajv({ strict: false });
  const offense = draftCoasByRules(grounding('Seize the ford'));
  assert.ok(ajv.compile(coaSetDraftSchema(3))(offense));
  assert.equal(offense, draftCoasByRules(grounding('Seize the ford')));
  assert.equal(
    offense.coas.map((c) => [c.name, c.form_of_maneuver]),
    [
      ['COA 1: Penetration, main effort north', 'penetration'],
      ['COA 2: Envelopment, main effort south', 'envelopment'],
      ['COA 3: Infiltration, main effort centre', 'infiltration'],
    ],
  );
  assert.ok(
    screenCoaDrafts(offense.coas).every(
      (s) => s.screening.distinguishable.verdict === 'meets' && s.screening.complete.verdict === 'meets',
    ),
  );
  assert.is(
    offense.coas[0]!.attributes.end_state,
    `${RULE_BASED_MARK}\n\nFrom the commander's initial intent: OBJ IRON held by 0600.`,
  );
  assert.ok(
    [
      offense.coas[0]!.statement,
      ...Object.values(offense.coas[0]!.attributes),
      ...offense.coas[0]!.sections.map((s) => s.content),
    ].every((text) => text.startsWith(RULE_BASED_MARK)),
  );
  // The sketch section names the maps and, when prepared, each map's terrain-summary area.
  const summary = {
    terrain_job_id: ID,
    version: 'summary-v1:ab',
    area_km2: 12.345,
    elevation_m: null,
    slope_degrees_shares: {},
    land_cover_shares: {},
    mobility_shares: {},
    road_length_m: { total: 0, by_class: {} },
    population_total: null,
    building_count: null,
  };
  const prepared = {
    ...grounding(null, 2),
    maps: [{ id: ID, name: 'AO NORTH', revision: 2, finished_terrain_job_ids: [ID], terrain_summary: summary }],
  };
  assert.is(
    draftCoasByRules(prepared).coas[1]!.sections[2]!.content,
    `${RULE_BASED_MARK}\n\nDraw the sketch on AO NORTH: ` +
      'TF 1 on the southern axis, TF 2 on the northern axis, objectives and phase lines TBD. Terrain summary: AO NORTH covers 12.3 km².',
  );
  assert.is(
    draftCoasByRules({ ...prepared, maps: [] }).coas[0]!.sections[2]!.content,
    `${RULE_BASED_MARK}\n\nNo map of the operation exists yet: draw the sketch on a map.`,
  );
  const defense = draftCoasByRules(grounding('Delay the enemy west of the river', 5));
  assert.equal(
    defense.coas.map((c) => c.form_of_maneuver),
    ['area_defense', 'mobile_defense', 'retrograde', 'area_defense', 'mobile_defense'],
  );
  assert.ok(screenCoaDrafts(defense.coas).every((s) => s.screening.distinguishable.verdict === 'meets'));
});

test('prompt: versioned, asks for count distinguishable COAs, grounded in the operation and mission analysis', () => {
  assert.is(coaStatementsPromptV1.version, 'coa-statements.v1');
  const [system, user] = coaStatementsPromptV1.messages({
    ...grounding('Seize the ford', 4),
    instructions: 'Stress the river.',
  });
  assert.match(system!.content, /Draft exactly 4 COAs that differ significantly/);
  assert.match(system!.content, /never invent/);
  for (const fact of [
    'Operation: IRON GATE',
    'Description: Seize the ford',
    'AO NORTH (terrain data prepared)',
    "Mission analysis, Commander's initial intent: OBJ IRON held by 0600.",
    'Staff instructions: Stress the river.',
  ]) {
    assert.ok(user!.content.includes(fact), fact);
  }
  assert.not.ok(user!.content.includes('Current content of the record'));
});

test.run();
