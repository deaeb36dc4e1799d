// The WARNO from the order and mission analysis: FM 6-0's five paragraphs numbered without gaps,
// every paragraph filled where a fact exists, the AO's extent in MGRS, tasks to the battalion's
// companies, the time plan and CCIR in the coordinating instructions.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { warnoParagraph } from '../../../domain/mission-analysis/warno-paragraphs.ts';
import { MISSING } from '../../../domain/mission-analysis/mission-analysis-facts.ts';
import { WARNO_CATALOGUE, type WarnoType } from '../../../domain/planning-record/planning-catalogues.ts';
import { facts, ironGate, terrain } from './support/mission-analysis-fixtures.ts';

const full = facts(ironGate(), terrain());
const texts = (type: WarnoType, f = full) => {
  const p = warnoParagraph(type, f);
  return [...p.lines, ...p.items].map((l) => l.text);
};

test('numbering as FM 6-0 prints it: 1.a–1.h, 2, 3.a–3.d with (1)–(5), 4.a–4.c, 5.a–5.c', () => {
  const numbers = WARNO_CATALOGUE.map((e) => e.title.split(' ')[0]);
  assert.equal(numbers, [
    '1.',
    '1.a',
    '1.b',
    '1.c',
    '1.d',
    '1.e',
    '1.f',
    '1.g',
    '1.h',
    '2.',
    '3.',
    '3.a',
    '3.b',
    '3.c',
    '3.d',
    '3.d(1)',
    '3.d(2)',
    '3.d(3)',
    '3.d(4)',
    '3.d(5)',
    '4.',
    '4.a',
    '4.b',
    '4.c',
    '5.',
    '5.a',
    '5.b',
    '5.c',
  ]);
});

test('every paragraph from the facts: no TBD; the situation, mission, tasks and coordinating instructions', () => {
  for (const entry of WARNO_CATALOGUE) {
    const all = texts(entry.type);
    assert.ok(all.length > 0, entry.type);
    for (const t of all) assert.not.match(t, /TBD/, `${entry.type}: ${t}`);
  }
  assert.ok(
    texts('area_of_operations').includes(
      'Extent of the area (map boundary, corners in MGRS): 32UNB4700017000, 32UNB5600017000, 32UNB5600000000, ' +
        '32UNB4700000000.',
    ),
  );
  assert.equal(
    texts('enemy_forces')[0],
    'Composition, disposition, strength: The 12th Motorized Infantry Brigade (MIB), two battalions, defends OBJ STEEL at 70 percent strength.',
  );
  assert.equal(texts('mission'), [
    'Task Force 1-66 Armor seizes OBJ STEEL (32UNB5350001200) NLT 270500A NOV 26 (2026-11-27T04:00:00Z) in order ' +
      'to prevent the 12th MIB from reinforcing Fulda.',
  ]);
  const tasks = warnoParagraph('tasks_to_subordinate_units', full).items;
  assert.equal(
    tasks.map((t) => t.fields!.unit),
    ['A Company', 'B Company', 'C Company', 'Scout platoon (HHC)', 'Mortar platoon (HHC)', 'HHC (support)'],
  );
  assert.equal(
    tasks[3]!.text,
    'Reconnoitre 32UNB5020001900, 32UNB5230001500, OBJ STEEL (32UNB5350001200); report by 2026-11-26T11:30:00Z.',
  );
  assert.match(tasks[4]!.text, /; observe: No fires on Künzell\.$/);
  assert.ok(texts('coordinating_instructions').includes('Prohibited (order): No fires on Künzell.'));
  assert.ok(texts('timeline').includes('LD 270430A NOV 26'));
  assert.ok(texts('ccir').includes('PIR 1: Will the enemy reserve move along ROUTE BIRCH?'));
  assert.equal(
    texts('orders_and_rehearsals')[0],
    'Orders group: the order is issued at 2026-11-26T11:30:00Z (one-third of the 24 h 00 min available).',
  );
  assert.equal(texts('signal'), ['Signal: SOI 11-26 in effect.']);
});

test('an infantry company gets platoons; an echelon without a table says so in one line', () => {
  const company = { ...full, unit: { name: 'B Co, 2-7 IN', echelon: 'company', branch: 'infantry' } };
  assert.equal(
    warnoParagraph('tasks_to_subordinate_units', company).items.map((i) => i.fields!.unit),
    ['1st Platoon', '2nd Platoon', '3rd Platoon', 'Weapons platoon', 'Headquarters section'],
  );
  const corps = { ...full, unit: { ...full.unit, echelon: 'corps' } };
  assert.equal(texts('tasks_to_subordinate_units', corps), [
    'No subordinate structure is known for a corps: name the subordinate units.',
  ]);
});

test('without an order: one line naming it, never TBD', () => {
  const none = facts(null, null);
  for (const entry of WARNO_CATALOGUE) {
    const all = texts(entry.type, none);
    assert.ok(all.length >= 1 && all.length <= 4, `${entry.type}: ${all.join(' | ')}`);
    for (const t of all) assert.not.match(t, /TBD/);
  }
  assert.equal(texts('mission', none), [MISSING.order]);
  assert.equal(texts('signal', none), [MISSING.order]);
});

test.run();
