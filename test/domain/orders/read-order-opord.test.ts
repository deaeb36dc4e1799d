// The order reader on a full OPORD in FM 6-0 format: numbered with dots, headings in capitals, time
// zone ALPHA, a German area of operations (Fulda, Künzell). Element by element, with exact spans.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAjv } from '../../../domain/shared/create-ajv.ts';
import { OrderRecord } from '../../../domain/orders/order-record.ts';
import { orderEventSchemas } from '../../../domain/orders/order-events.ts';
import { assertAllSourced, assertElement, at, fixture, read } from './support/order-fixtures.ts';

const order = fixture('opord-iron-gate.txt');
const record = read(order, 'Task Force 1-66 Armor', ['TF 1-66 AR']);

test('heading: type, number, code name, headquarters, signature DTG, time zone, references, task organisation', () => {
  const { heading } = record;
  assert.is(heading.order_type, 'OPORD');
  assertElement(order, heading.title, 'OPERATION ORDER 03-26 (IRON GATE)');
  assertElement(order, heading.number, '03-26');
  assertElement(order, heading.name, 'IRON GATE');
  assert.is(heading.base_order, null);
  assertElement(order, heading.issuing_headquarters, '2nd Brigade Combat Team, 1st Armored Division');
  assertElement(order, heading.date_time_group, '251800A NOV 26');
  assert.is(heading.date_time_group!.iso, '2026-11-25T17:00:00Z');
  assert.equal([heading.time_zone!.letter, heading.time_zone!.utc_offset_hours], ['A', 1]);
  assertElement(order, heading.time_zone!.element, 'Time Zone Used Throughout the Order: ALPHA');
  assert.is(heading.references.length, 2);
  assertElement(order, heading.references[0], 'Map, Germany, 1:50,000, sheet L5524 Fulda');
  assertElement(order, heading.references[1], '1 AD OPORD 11-26 (STEEL RAIN), 241200A NOV 26');
  assertElement(order, heading.task_organization!.text, 'See Annex A');
});

test('1 situation: areas, enemy (composition, disposition, strength under one heading; COAs), friendly', () => {
  const situation = record.situation!;
  assertElement(order, situation.area_of_interest, 'From the Fulda River east to the Wasserkuppe and north to Hünfeld');
  assert.ok(
    situation.area_of_operations!.text.startsWith(
      'AO IRON, between PL RED in the west and PL BLUE in ' + 'the east. (1) Terrain.',
    ),
  );
  const cds = 'The 12th Motorized Infantry Brigade (MIB), two battalions, defends OBJ STEEL at 70 percent strength';
  assertElement(order, situation.enemy!.composition, cds);
  assertElement(order, situation.enemy!.disposition, cds);
  assertElement(order, situation.enemy!.strength, cds);
  assertElement(
    order,
    situation.enemy!.most_likely_coa,
    'The enemy defends OBJ STEEL from prepared positions and counterattacks with one company from Künzell',
  );
  assertElement(
    order,
    situation.enemy!.most_dangerous_coa,
    'The enemy reserve tank battalion counterattacks along ROUTE BIRCH before we consolidate on OBJ STEEL',
  );
  assertElement(
    order,
    situation.friendly!.higher_mission_and_intent,
    '1 AD attacks NLT 270500A NOV 26 to seize the Fulda crossings in order to keep the 12th MIB out of the Rhön',
  );
  assertElement(
    order,
    situation.friendly!.adjacent_units,
    '1-41 IN, north, attacks to seize OBJ COPPER. 3 BCT, ' + 'south, defends along PL BLUE',
  );
  assertElement(
    order,
    situation.civil_considerations,
    'Künzell and Petersberg are inhabited; refugees move ' + 'west on the B 458',
  );
  assertElement(
    order,
    situation.attachments_and_detachments,
    'A/1-501 EN is attached to TF 1-66 AR from ' + '260600A NOV 26',
  );
  assertElement(order, situation.assumptions, 'The Fulda bridges remain intact');
});

test('2 mission: who, task (FM 3-90 seize, not the attack it is part of), when (ISO, zone A), where, why', () => {
  const mission = record.mission!;
  assertElement(
    order,
    mission.statement,
    '2 BCT attacks NLT 270500A NOV 26 to seize OBJ STEEL (32UNB5350001200) in order to prevent the 12th MIB ' +
      'from reinforcing Fulda',
  );
  assertElement(order, mission.who, '2 BCT');
  assert.equal([mission.task!.id, mission.task!.kind], ['seize', 'action_by_friendly_forces']);
  assert.match(mission.task!.doctrine, /FM 3-90-1 \(2013\) app\. B/);
  assertElement(order, mission.task!.verb, 'seize', 'seize', 1, 3);
  assertElement(order, mission.when, 'NLT 270500A NOV 26', 'NLT 270500A NOV 26', 1, 2);
  assert.is(mission.when!.qualifier, 'NLT');
  assert.is(mission.when!.dtg!.iso, '2026-11-27T04:00:00Z');
  assertElement(order, mission.where, 'OBJ STEEL (32UNB5350001200)');
  assertElement(order, mission.purpose, 'prevent the 12th MIB from reinforcing Fulda');
});

test("3 execution: commander's intent (purpose, key tasks, end state) and concept", () => {
  const intent = record.execution!.commanders_intent!;
  assertElement(order, intent.purpose, 'Deny the 12th MIB the Fulda crossings');
  assert.equal(
    intent.key_tasks.map((t) => t.text),
    ['Seize OBJ STEEL', 'Destroy the enemy reserve east of PL ' + 'BLUE', 'Keep ROUTE BIRCH open'],
  );
  assertElement(order, intent.key_tasks[0], 'Seize OBJ STEEL');
  assertElement(
    order,
    intent.end_state,
    'OBJ STEEL held by 2 BCT; the 12th MIB unable to reinforce; ROUTE ' + 'BIRCH open for 1 AD',
  );
  assertElement(
    order,
    record.execution!.concept_of_operations,
    'TF 1-66 AR is the main effort and attacks along AXIS IRON to seize OBJ STEEL. 1-41 IN fixes the enemy in ' +
      'Petersberg. ' +
      'Do not enter Petersberg with tracked vehicles',
  );
});

test("3 execution: the units and their tasks; this unit's by its name, its prohibition not a task", () => {
  const units = record.execution!.tasks_to_subordinate_units;
  assert.equal(
    units.map((u) => u.unit.text),
    ['TF 1-66 AR', '1-41 IN', '4-27 FA'],
  );
  assert.equal(
    units.map((u) => u.tasks.map((t) => t.task?.id ?? null)),
    [['seize', 'attack', null], ['fix'], [null]],
  );
  const mine = record.tasks_to_unit!;
  assert.is(mine.found_in, 'tasks_to_subordinate_units');
  assert.is(mine.matched_by, 'Task Force 1-66 Armor');
  assertElement(order, mine.unit, 'TF 1-66 AR', 'TF 1-66 AR', 1, 3);
  assert.is(mine.tasks.length, 2);
  const [seize, continueAttack] = mine.tasks;
  assert.is(
    seize!.text,
    'Seize OBJ STEEL (32UNB5350001200) NLT 270500A NOV 26 in order to prevent the 12th MIB ' + 'from reinforcing Fulda',
  );
  assert.equal(seize!.source, at(order, seize!.text));
  assert.is(seize!.task!.id, 'seize');
  assertElement(
    order,
    seize!.purpose,
    'prevent the 12th MIB from reinforcing Fulda',
    'prevent the 12th MIB ' + 'from reinforcing Fulda',
    1,
    2,
  );
  assert.equal(
    seize!.times.map((t) => [t.text, t.qualifier, t.dtg!.iso]),
    [['NLT 270500A NOV 26', 'NLT', '2026-11-27T04:00:00Z']],
  );
  assert.equal([seize!.be_prepared, continueAttack!.be_prepared], [false, true]);
  assert.is(continueAttack!.text, 'Be prepared to continue the attack to PL BLUE');
});

test('3 execution: coordinating instructions — timeline, CCIR, risk, ROE, fire control', () => {
  const execution = record.execution!;
  assert.equal(
    execution.coordinating_instructions!.items.map((i) => i.text),
    [
      'Timeline: LD 270430A NOV 26; OBJ STEEL seized NLT 270500A NOV 26',
      'CCIR. (a) PIR 1: Will the enemy reserve move along ROUTE BIRCH? (b) FFIR 1: Loss of more than two tanks in ' +
        'TF 1-66 AR',
      'Risk reduction control measures: VS-17 panels on all vehicles',
      'ROE: Weapons tight',
      'No fires on Künzell',
      'PL RED (32UNB4800011000 to 32UNB4800016000) is the line of departure',
    ],
  );
  assert.equal(
    execution.timeline.map((t) => [t.text, t.qualifier, t.dtg?.iso ?? null]),
    [
      ['270430A NOV 26', null, '2026-11-27T03:30:00Z'],
      ['NLT 270500A NOV 26', 'NLT', '2026-11-27T04:00:00Z'],
    ],
  );
  assert.equal(
    execution.information_requirements.map((r) => [r.kind, r.text]),
    [
      ['pir', 'PIR 1: Will the enemy reserve move along ROUTE BIRCH?'],
      ['ffir', 'FFIR 1: Loss of more than two tanks in TF 1-66 AR'],
    ],
  );
  assert.equal(
    execution.information_requirements[0]!.source,
    at(order, 'PIR 1: Will the enemy reserve move ' + 'along ROUTE BIRCH?'),
  );
  assert.equal(
    execution.risk_measures.map((r) => r.text),
    ['Risk reduction control measures: VS-17 panels on ' + 'all vehicles'],
  );
  assert.equal(
    execution.rules_of_engagement.map((r) => r.text),
    ['ROE: Weapons tight'],
  );
  assert.equal(
    execution.fire_control_measures.map((r) => r.text),
    ['ROE: Weapons tight', 'No fires on Künzell'],
  );
});

test("constraints: must and cannot, category, times; from instructions, concept, the unit's tasks", () => {
  assert.equal(
    record.constraints.map((c) => [c.kind, c.category, c.text, c.times.map((t) => t.dtg?.iso ?? t.text)]),
    [
      ['requirement', 'time', 'LD 270430A NOV 26', ['2026-11-27T03:30:00Z']],
      ['requirement', 'time', 'OBJ STEEL seized NLT 270500A NOV 26', ['2026-11-27T04:00:00Z']],
      ['requirement', 'risk', 'Risk reduction control measures: VS-17 panels on all vehicles', []],
      ['requirement', 'rules_of_engagement', 'ROE: Weapons tight', []],
      ['prohibition', 'fire_control', 'No fires on Künzell', []],
      ['prohibition', 'movement', 'Do not enter Petersberg with tracked vehicles', []],
      ['prohibition', 'movement', 'Do not cross PL RED before 270430A NOV 26', ['2026-11-27T03:30:00Z']],
    ],
  );
  const noFires = record.constraints.find((c) => c.text === 'No fires on Künzell')!;
  assert.equal(noFires.source, at(order, 'No fires on Künzell'));
});

test('4 sustainment and 5 command and signal', () => {
  assertElement(order, record.sustainment!.logistics, 'Refuel at ATK POS KNIGHT before the LD');
  assertElement(order, record.sustainment!.personnel, 'Replacements are held at the BSA');
  assertElement(order, record.sustainment!.health_system_support, 'Casualties are evacuated to the Role 2 at Fulda');
  assertElement(
    order,
    record.command_and_signal!.command,
    'The brigade commander moves with TF 1-66 AR. ' + 'Succession: DCO, S3',
  );
  assertElement(order, record.command_and_signal!.control, 'Brigade main CP at 32UNB4800004000');
  assertElement(order, record.command_and_signal!.signal, 'SOI 11-26 in effect');
});

test('features: named control measures with their grids as [lon, lat], lines in order, a bare grid unnamed', () => {
  const features = record.features.map((f) => [
    f.kind,
    f.name,
    f.geometry,
    f.positions.map((p) => p.reference),
    f.mentions.length,
  ]);
  assert.equal(features, [
    ['area_of_operations', 'AO IRON', 'area', [], 1],
    ['phase_line', 'PL RED', 'line', ['32UNB4800011000', '32UNB4800016000'], 3],
    ['phase_line', 'PL BLUE', 'line', [], 4],
    ['objective', 'OBJ STEEL', 'area', ['32UNB5350001200'], 9],
    ['route', 'ROUTE BIRCH', 'line', [], 4],
    ['objective', 'OBJ COPPER', 'area', [], 1],
    ['axis', 'AXIS IRON', 'line', [], 1],
    ['line_of_departure', 'LD', 'line', [], 3],
    ['attack_position', 'ATK POS KNIGHT', 'area', [], 1],
    ['unnamed_position', null, 'point', ['32UNB4800004000'], 2],
  ]);
  const steel = record.features.find((f) => f.name === 'OBJ STEEL')!.positions[0]!;
  // The centre of the 1 m square: GDAL (gdaltransform EPSG:4326 → EPSG:32632) gives 553500.5 E, 5601200.5 N.
  assert.equal(steel.lon_lat, [9.755332869551593, 50.56027935312817]);
  assert.equal([steel.system, steel.precision_m], ['mgrs', 1]);
  assert.equal(steel.source, at(order, '32UNB5350001200'));
  assert.equal(record.features.find((f) => f.name === 'PL RED')!.mentions[2], at(order, 'PL RED', 1, 3));
});

test('the record: every element quotes its source; nothing missing; valid against its schema, as JSON', () => {
  assert.ok(assertAllSourced(order, record) > 100);
  assert.equal(record.not_found, []);
  assert.equal(record.unchanged, []);
  assert.equal(record.annexes, []);
  assert.is(record.date_time_groups.length, 9);
  const validate = createAjv().compile(OrderRecord);
  const json = JSON.parse(JSON.stringify(record));
  assert.ok(validate(json), JSON.stringify(validate.errors));
  assert.equal(json, record);
  // As the payload of OrdersRead (version 1).
  const event = createAjv().compile(orderEventSchemas.OrdersRead.schema);
  const ids = { operation_id: '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', document_id: record.document_id };
  const upload = '7d2c1b0a-9e8f-4d6c-8b5a-4c3d2e1f0a9b';
  assert.ok(event({ ...ids, upload_id: upload, record_version: 1, orders: [json] }), JSON.stringify(event.errors));
  assert.not.ok(event({ ...ids, upload_id: 'x', record_version: 1, orders: [json] }));
});

test.run();
