// The rule-based drafter on a grounding that holds the higher headquarters' order (as the order
// reader records it) and a terrain evaluation: every mission-analysis product and WARNO paragraph is
// drafted from the facts — no "TBD" — valid against the record's draft schema and item rule, with its
// sources listed and its items carrying their citations.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv } from 'ajv';
import type { Grounding } from '../../../domain/generation/generation-grounding.ts';
import { groundingInputs } from '../../../domain/generation/generation-grounding.ts';
import { MAX_DRAFT_TEXT, recordDraftSchema } from '../../../domain/generation/record-draft-schema.ts';
import { draftRecordByRules, RULE_BASED_MARK } from '../../../domain/generation/rule-based-record-draft.ts';
import {
  MISSION_ANALYSIS_CATALOGUE,
  WARNO_CATALOGUE,
  type CatalogueEntry,
} from '../../../domain/planning-record/planning-catalogues.ts';
import { checkItems, type PlanningItemInput } from '../../../domain/planning-record/planning-items.ts';
import { ironGate, NOW, terrain, TERRAIN_ID } from '../mission-analysis/support/mission-analysis-fixtures.ts';
import { DOCUMENT_ID } from '../orders/support/order-fixtures.ts';

const OP = '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

const grounding = (kind: 'warno' | 'mission_analysis', entry: CatalogueEntry, withFacts = true): Grounding => ({
  record: {
    kind,
    type: entry.type,
    title: entry.title,
    doctrine: entry.doctrine,
    items: entry.items,
    version: 0,
    text: null,
    item_texts: [],
  },
  operation: {
    id: OP,
    name: 'IRON GATE',
    unit: 'Task Force 1-66 Armor',
    branch: 'armor',
    echelon: 'battalion',
    description: null,
    revision: 1,
  },
  maps: [],
  documents: [],
  instructions: null,
  orders: withFacts ? [ironGate()] : [],
  terrain_evaluation: withFacts ? terrain() : null,
  area_mgrs: withFacts ? ['32UNB4700017000', '32UNB5600017000', '32UNB5600000000', '32UNB4700000000'] : null,
  now: NOW,
});

const ajv = new Ajv({ strict: false });

test('all 17 products and 28 paragraphs: from the facts, valid, no TBD, sources listed', () => {
  const all: Array<['mission_analysis' | 'warno', CatalogueEntry]> = [
    ...MISSION_ANALYSIS_CATALOGUE.map((e) => ['mission_analysis', e] as ['mission_analysis', CatalogueEntry]),
    ...WARNO_CATALOGUE.map((e) => ['warno', e] as ['warno', CatalogueEntry]),
  ];
  assert.is(all.length, 17 + 28);
  for (const [kind, entry] of all) {
    const draft = draftRecordByRules(grounding(kind, entry));
    const label = `${kind} ${entry.type}`;
    assert.ok(ajv.compile(recordDraftSchema(entry.items, MAX_DRAFT_TEXT))(draft), label);
    checkItems((draft.items ?? []) as PlanningItemInput[], entry.items, label);
    assert.ok(draft.text.startsWith(RULE_BASED_MARK), label);
    assert.not.match(draft.text, /TBD/, label);
    for (const item of draft.items ?? []) {
      assert.not.match(item.text, /TBD/, label);
      assert.ok(Array.isArray(item.cites) && (item.cites as unknown[]).length > 0, `${label}: ${item.text}`);
    }
    const cited = draft.text.includes('Sources (order: document') || (draft.items ?? []).length > 0;
    if (
      !['planning_guidance', 'execution', 'interagency_organizations', 'sustainment', 'command_and_signal'].includes(
        entry.type,
      )
    )
      assert.ok(cited, `${label} cites its sources`);
  }
});

test('the restated mission and its source; a specified task with its citation', () => {
  const mission = draftRecordByRules(
    grounding(
      'mission_analysis',
      MISSION_ANALYSIS_CATALOGUE.find((e) => e.type === 'restated_mission')!,
    ),
  );
  const paragraphs = mission.text.split('\n\n');
  assert.is(
    paragraphs[1],
    'Task Force 1-66 Armor seizes OBJ STEEL (32UNB5350001200) NLT 270500A NOV 26 (2026-11-27T04:00:00Z) in order to ' +
      'prevent the 12th MIB from reinforcing Fulda. [1][2]',
  );
  assert.match(
    paragraphs[2]!,
    new RegExp(
      `^Sources \\(order: document ${DOCUMENT_ID}\\): \\[1\\] order tasks_to_unit\\.tasks\\[0\\], p\\. 1 characters \\d+–\\d+; \\[2\\] rule RESTATED-MISSION`,
    ),
  );
  const tasks = draftRecordByRules(
    grounding(
      'mission_analysis',
      MISSION_ANALYSIS_CATALOGUE.find((e) => e.type === 'tasks')!,
    ),
  );
  assert.equal(tasks.items![0]!.source, 'order tasks_to_unit.tasks[0]');
  assert.equal((tasks.items![0]!.cites as Array<{ kind: string }>)[0]!.kind, 'order');
});

test('without an order or terrain evaluation: the missing inputs in one line', () => {
  const entry = WARNO_CATALOGUE.find((e) => e.type === 'mission')!;
  assert.equal(draftRecordByRules(grounding('warno', entry, false)).text.split('\n\n'), [
    RULE_BASED_MARK,
    "No higher headquarters' order attached (or none recognised in the operation's documents).",
  ]);
});

test('provenance lists the order read and the terrain evaluation', () => {
  const inputs = groundingInputs(grounding('warno', WARNO_CATALOGUE[0]!), OP);
  assert.equal(inputs.slice(-2), [
    { kind: 'order', id: DOCUMENT_ID, version: 'order-record-v1' },
    { kind: 'analysis', id: TERRAIN_ID, version: 'success' },
  ]);
});

test.run();
