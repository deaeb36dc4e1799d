// The rule-based text of developed COAs (ridge with two passes, OPORD GRANITE): valid against the COA
// set schema the job validates, every figure from the developed COA, no invented unit.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAjv } from '../../../domain/shared/create-ajv.ts';
import { developCoas } from '../../../domain/coa-development/develop-coas.ts';
import { coaSetDraftSchema } from '../../../domain/generation/coa-draft-schema.ts';
import { groundedCoa, type CoaGrounding } from '../../../domain/generation/coa-grounding.ts';
import { draftCoasByRules } from '../../../domain/generation/rule-based-coa-draft.ts';
import { facts, ridgeFacts } from '../coa-development/support/ridge.ts';
import { coaStatementsPromptV1 } from '../../../domain/generation/prompts/coa-statements.v1.ts';

const order = facts();
const development = developCoas({
  unit: 'TF 1-35 AR',
  branch: 'armor',
  echelon: 'battalion',
  count: 3,
  friendly: ridgeFacts('mounted_tracked'),
  enemy: null,
  order,
  fallbackPosture: 'offense',
});
const grounding: CoaGrounding = {
  operation: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'GRANITE PASS',
    unit: 'TF 1-35 AR',
    branch: 'armor',
    echelon: 'battalion',
    description: null,
    revision: 1,
  },
  mission_analysis: [],
  maps: [],
  documents: [],
  instructions: null,
  count: 3,
  coa_development: {
    coas: development.coas.map(groundedCoa),
    missing: development.missing,
    task_organization: development.task_organization,
    units: development.units,
    order: { deadline: order.deadline!.text, end_state: order.end_state },
    sketch_map: 'map-1',
  },
};

test('drafts of developed COAs: valid for the job, names and figures from the facts', () => {
  const draft = draftCoasByRules(grounding);
  const validate = createAjv().compile(coaSetDraftSchema(3));
  assert.ok(validate(draft), JSON.stringify(validate.errors));
  assert.equal(
    draft.coas.map((c) => [c.name, c.form_of_maneuver]),
    [
      ['COA 1: Penetration on AA 1', 'penetration'],
      ['COA 2: Envelopment on AA 2', 'envelopment'],
      ['COA 3: Frontal attack on AA 1', 'frontal_attack'],
    ],
  );
  const [first] = draft.coas;
  assert.match(
    first!.statement,
    /TF 1-35 AR conducts a penetration along AA 1 \(4\.9 km, 12 min on the route model, through PL 1\) to seize OBJ GRANITE \(32UNA7468738888\) NLT 270500A NOV 26 in order to open the road north\./,
  );
  assert.match(
    first!.statement,
    /Main effort: A Company \(tank\) on AA 1; supporting effort: C Company \(mechanized infantry\) — fix the enemy on OBJ GRANITE from AA 2; reserve: B Company \(tank\) at 32U/,
  );
  assert.match(
    first!.statement,
    /Force ratio: Main effort 1 company equivalent\(s\) against 0\.33 \(“One motorized rifle platoon”\) at OBJ GRANITE: 3:1 meets the 3:1 minimum/,
  );
  assert.not.match(JSON.stringify(draft), /TF [123](?![-\d])|northern axis|TBD/);
  assert.equal(
    first!.task_organization.map((u) => u.unit),
    ['A Company (tank)', 'C Company (mechanized infantry)', 'B Company (tank)'],
  );
  assert.is(
    first!.attributes.end_state.split('\n\n')[1],
    "From the order's commander's intent: OBJ GRANITE held by TF 1-35 AR; the road north open",
  );
  assert.match(
    first!.sections[2]!.content,
    /Phase lines: PL 1 at 32U\w+ \(chokepoint of MC 1 on AA 1, 800 m wide\); PL 2 at/,
  );
});

test('a model is given the developed COAs, one line each', () => {
  const user = coaStatementsPromptV1.messages(grounding)[1]!.content;
  assert.match(
    user,
    /\n- COA 1: Penetration on AA 1: main effort A Company \(tank\) on AA 1 to OBJ GRANITE \(32UNA7468738888\); supporting effort C Company \(mechanized infantry\); reserve B Company \(tank\); force ratio 3:1 against 3:1 \(meets\)/,
  );
  assert.ok(user.includes('- COA 2: Envelopment on AA 2'));
});

test.run();
