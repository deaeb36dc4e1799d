// The order reader's parts on exact values: date-time groups (zone letters, month and year from the
// reference date), MGRS and latitude/longitude references, unit designations, the FM 3-90 task
// catalogue, subparagraph headings, page headers and footers, and the reader's refusal of bad input.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dateTimeGroupToIso, type DateTimeGroupParts } from '../../../domain/orders/date-time-group-to-iso.ts';
import { findDateTimeGroups } from '../../../domain/orders/find-date-time-groups.ts';
import { findGridReferences } from '../../../domain/orders/find-grid-references.ts';
import { findLabelledParts } from '../../../domain/orders/find-labelled-parts.ts';
import { findLatLonReferences } from '../../../domain/orders/find-lat-lon-references.ts';
import { findTacticalTask } from '../../../domain/orders/find-tactical-task.ts';
import { orderText } from '../../../domain/orders/order-text.ts';
import { readOrder } from '../../../domain/orders/read-order.ts';
import { TACTICAL_TASKS } from '../../../domain/orders/tactical-mission-tasks.ts';
import { utcOffsetOfZoneLetter } from '../../../domain/orders/time-zone-letter.ts';
import { unitDesignationMatch } from '../../../domain/orders/unit-designation-match.ts';
import { unitDesignationOf } from '../../../domain/orders/unit-designation-of.ts';
import { splitItems } from '../../../domain/orders/split-items.ts';
import { DomainError } from '../../../domain/shared/domain-error.ts';

const onePage = (text: string) => orderText({ document_id: 'd', pages: [{ page: 1, text }] });
const parts = (
  day: number,
  hour: number,
  zoneLetter: string | null,
  month: number | null,
  year: number | null,
): DateTimeGroupParts => ({ day, hour, minute: 0, second: 0, zoneLetter, month, year });

test('zone letters: Z is UTC, A–M east (no J), N–Y west, J local', () => {
  const letters = ['Z', 'A', 'I', 'K', 'M', 'N', 'Y', 'J', 'z'];
  assert.equal(letters.map(utcOffsetOfZoneLetter), [0, 1, 9, 10, 12, -1, -12, null, 0]);
});

test('a DTG to UTC: the zone letter applies; J and no zone give no instant, with the reason', () => {
  const iso = (p: DateTimeGroupParts) => dateTimeGroupToIso(p, null);
  assert.is(iso(parts(27, 5, 'Z', 11, 2026)).iso, '2026-11-27T05:00:00Z');
  assert.is(iso(parts(27, 5, 'A', 11, 2026)).iso, '2026-11-27T04:00:00Z');
  assert.is(iso(parts(27, 5, 'M', 11, 2026)).iso, '2026-11-26T17:00:00Z');
  assert.is(iso(parts(27, 5, 'Y', 11, 2026)).iso, '2026-11-27T17:00:00Z');
  assert.is(iso({ ...parts(27, 5, 'Z', 11, 2026), minute: 30, second: 15 }).iso, '2026-11-27T05:30:15Z');
  assert.equal(iso(parts(27, 5, 'J', 11, 2026)), {
    iso: null,
    monthFromReference: false,
    yearFromReference: false,
    unresolved: 'time zone J (local time) has no fixed offset from UTC',
  });
  assert.is(
    iso(parts(27, 5, null, 11, 2026)).unresolved,
    'no time zone: the group has no zone letter and the ' + 'order states none',
  );
  assert.is(iso(parts(30, 5, 'Z', 2, 2026)).unresolved, 'the day is not in the month');
  assert.is(iso(parts(27, 25, 'Z', 11, 2026)).unresolved, 'not a time of day');
});

test('a DTG without month and year: the month nearest the reference date, over a year end', () => {
  const iso = (day: number, reference: string | null, month: number | null = null) =>
    dateTimeGroupToIso(parts(day, 6, 'Z', month, null), reference);
  assert.equal(iso(30, '2026-12-01T00:00:00Z'), {
    iso: '2026-11-30T06:00:00Z',
    monthFromReference: true,
    yearFromReference: true,
    unresolved: null,
  });
  assert.is(iso(2, '2026-12-31T22:00:00Z').iso, '2027-01-02T06:00:00Z');
  // 31 November does not exist: of 31 October and 31 December, October is nearer to 15 November.
  assert.is(iso(31, '2026-11-15T00:00:00Z').iso, '2026-10-31T06:00:00Z');
  // Month written, year not: the year nearest the reference.
  assert.equal(iso(27, '2027-01-05T00:00:00Z', 12), {
    iso: '2026-12-27T06:00:00Z',
    monthFromReference: false,
    yearFromReference: true,
    unresolved: null,
  });
  assert.is(iso(27, null).unresolved, 'month or year not written and no reference date given');
});

test("DTGs in text: written forms, the order's zone without a letter, six digits only after a time word", () => {
  const text =
    'LD 270500ZNOV26; PL RED 27 0530Z Nov 2026; OBJ 270600 NOV 26; CP 7 270700Z. Report NLT 270430 at ' +
    '32UNB5350001200, 32U NB 53500 01200, phone 270500, grid 271200 011500, 22 0400 Aug 09.';
  const context = { zoneLetter: 'A', referenceDate: '2026-11-25T12:00:00Z' };
  const found = findDateTimeGroups(onePage(text), 0, text.length, context);
  const quote = (d: { source: { start: number; end: number } }) => text.slice(d.source.start, d.source.end);
  assert.equal(
    found.map((d) => [d.text, d.zone_letter, d.iso, d.month_from_reference, quote(d)]),
    [
      ['270500ZNOV26', 'Z', '2026-11-27T05:00:00Z', false, '270500ZNOV26'],
      ['27 0530Z Nov 2026', 'Z', '2026-11-27T05:30:00Z', false, '27 0530Z Nov 2026'],
      ['270600 NOV 26', 'A', '2026-11-27T05:00:00Z', false, '270600 NOV 26'],
      ['270700Z', 'Z', '2026-11-27T07:00:00Z', true, '270700Z'],
      ['270430', 'A', '2026-11-27T03:30:00Z', true, '270430'],
      ['22 0400 Aug 09', 'A', '2009-08-22T03:00:00Z', false, '22 0400 Aug 09'],
    ],
  );
});

test('MGRS: spaced or not, 1 m to 1 km; a wrong band, odd digits or unequal halves are no grid', () => {
  const text =
    'A 32UNB5350001200 B 32U NB 53500 01200 C 32UNB53500120 D 32UNB5301 E 32XNB5350001200 ' +
    'F 32UNB535001200 G 32U NB 5350 01200 H 4QFJ12345678';
  const found = findGridReferences(onePage(text), 0, text.length);
  const quote = (g: (typeof found)[number]) => text.slice(g.value.source.start, g.value.source.end);
  assert.equal(
    found.map((g) => [g.value.reference, g.value.precision_m, quote(g)]),
    [
      ['32UNB5350001200', 1, '32UNB5350001200'],
      ['32U NB 53500 01200', 1, '32U NB 53500 01200'],
      ['32UNB53500120', 10, '32UNB53500120'],
      ['32UNB5301', 1000, '32UNB5301'],
      ['4QFJ12345678', 10, '4QFJ12345678'],
    ],
  );
  assert.equal(found[0]!.value.lon_lat, found[1]!.value.lon_lat);
  // Centres of the squares: 553500.5 E 5601200.5 N (1 m) and 553505 E 5601205 N (10 m), zone 32N, checked with
  // GDAL's gdaltransform.
  assert.equal(found[0]!.value.lon_lat, [9.755332869551593, 50.56027935312817]);
  assert.equal(found[2]!.value.lon_lat, [9.755397042679498, 50.56031940687301]);
});

test('latitude and longitude: decimal (hemisphere before or after), degrees-minutes-seconds, compact', () => {
  const text =
    'a 50.5603N 9.7553E b N50.5603 E9.7553 c 50°33\'37"N 9°45\'19"E d 503337N0094519E e 5033N00945E ' +
    'f 33.925S 18.424E g 95.0N 9.0E h 12 N 9 E';
  const found = findLatLonReferences(onePage(text), 0, text.length);
  assert.equal(
    found.map((p) => [p.value.reference, p.value.lon_lat]),
    [
      ['50.5603N 9.7553E', [9.7553, 50.5603]],
      ['N50.5603 E9.7553', [9.7553, 50.5603]],
      ['50°33\'37"N 9°45\'19"E', [9 + 45 / 60 + 19 / 3600, 50 + 33 / 60 + 37 / 3600]],
      ['503337N0094519E', [9 + 45 / 60 + 19 / 3600, 50 + 33 / 60 + 37 / 3600]],
      ['5033N00945E', [9 + 45 / 60, 50 + 33 / 60]],
      ['33.925S 18.424E', [18.424, -33.925]],
    ],
  );
});

test('unit designations: words in a row, long forms shortened; an exact name scores above containment', () => {
  const match = (name: string, designations: string[]) => unitDesignationMatch(name, designations);
  assert.equal(match('TF 1-66 AR', ['1-66 AR']), { score: 2, matched: '1-66 AR' });
  assert.equal(match('Task Force 1-66 Armor', ['TF 1-66 AR']), { score: 2, matched: 'TF 1-66 AR' });
  assert.equal(match('TF 1-66AR', ['1-66 AR']), { score: 2, matched: '1-66 AR' });
  assert.equal(match('2 BCT, 1 AD', ['2nd Brigade Combat Team']), { score: 1, matched: '2nd Brigade Combat Team' });
  assert.equal(match('11-66 AR', ['1-66 AR']), { score: 0, matched: null });
  assert.equal(match('1st Platoon', ['1 PLT']), { score: 2, matched: '1 PLT' });
  assert.equal(match('B Co', ['A Co', 'B/2-7 IN']), { score: 0, matched: null });
  assert.equal(match('B/2-7 IN', ['B Co', 'B/2-7 IN']), { score: 2, matched: 'B/2-7 IN' });
});

test('unit designations: one battalion or company in its many spellings; a company is not its battalion', () => {
  const match = (name: string, unit: string) => unitDesignationMatch(name, [unit]).score;
  const battalion = ['1-64 AR', '1/64 AR', 'TF 1-64', 'Task Force 1-64 AR', '1st Battalion, 64th Armor Regiment'];
  for (const name of battalion) {
    for (const unit of battalion) assert.ok(match(name, unit) > 0, `${name} is ${unit}`);
  }
  assert.is(match('1-64 AR', '2nd Battalion, 64th Armor'), 0);
  assert.is(match('2-64 AR', '2nd Battalion, 64th Armor'), 2);
  assert.is(match('TF 2-64', '2nd Battalion, 64th Armor'), 1, 'same battalion, the branch on one side only');
  assert.is(match('1-64 IN', '1-64 AR'), 0, 'another branch');
  assert.is(match('3-7 CAV', '3rd Squadron, 7th Cavalry'), 2);
  const company = ['A/1-64', 'A/1-64 AR', 'A Co, 1-64 AR', 'Alpha Company, 1st Battalion, 64th Armor', 'A/TF 1-64'];
  for (const name of company) {
    for (const unit of company) assert.ok(match(name, unit) > 0, `${name} is ${unit}`);
    assert.is(match(name, '1-64 AR'), 0, `${name} is a company of 1-64 AR, not the battalion`);
    assert.is(match('1-64 AR', name), 0);
    assert.is(match(name, 'B/1-64 AR'), 0);
  }
  assert.is(match('HHC, 1-64 AR', 'HQ/1-64'), 1);
  assert.is(match('Company A', 'A Co'), 2);
  assert.is(match('Company B', 'A Co'), 0);
  assert.is(match('Company A, 1st Battalion, 64th Armor', 'A/1-64 AR'), 2);
  assert.is(match('Troop C', 'C Trp'), 2);
  assert.equal(unitDesignationOf(['A', 'CO', '1', 'BN', '64', 'AR', 'REGT']), {
    company: 'A',
    battalion: 1,
    regiment: 64,
    branch: 'AR',
  });
  assert.is(unitDesignationOf(['2', 'BCT', '1', 'AD']), null);
  assert.is(unitDesignationOf(['A', 'CO']), null);
});

test('the FM 3-90 catalogue: unique, cited; a task before an operation, whole words, not "fire control"', () => {
  assert.is(new Set(TACTICAL_TASKS.map((t) => t.id)).size, TACTICAL_TASKS.length);
  assert.ok(TACTICAL_TASKS.every((t) => /FM 3-90|ADP 3-90/.test(t.doctrine) && t.forms.length > 0));
  const task = (text: string) => {
    const found = findTacticalTask(text, 0, text.length);
    return found ? [found.value.id, text.slice(found.start, found.end)] : null;
  };
  assert.equal(task('2 BCT attacks NLT 270500Z to seize OBJ STEEL'), ['seize', 'seize']);
  assert.equal(task('1-41 IN defends BP 3'), ['defend', 'defends']);
  assert.equal(task('B Co supports by fire from SBF 1'), ['support_by_fire', 'supports by fire']);
  assert.equal(task('BPT Follow and Assume the main effort'), ['follow_and_assume', 'Follow and Assume']);
  assert.equal(task('Maintain fire control at all times'), null);
  assert.equal(task('fixed-wing support on call'), null);
});

test('subparagraph headings: lettered, bare at a line start, or with a colon; the next letter ends a part', () => {
  const text =
    'a. Enemy forces. Two companies. b. Friendly forces. 2 BCT attacks. c. Interagency. None.\n' +
    'Assumptions\nThe bridges stand. Purpose: hold.';
  const found = findLabelledParts(text, 0, text.length, [
    { key: 'enemy', title: String.raw`enemy(?:\s+forces)?` },
    { key: 'friendly', title: String.raw`friendly(?:\s+forces)?` },
    { key: 'assumptions', title: 'assumptions' },
    { key: 'purpose', title: 'purpose' },
  ]);
  const slice = (s: { start: number; end: number }) => text.slice(s.start, s.end).trim();
  assert.equal(
    found.map((p) => [p.key, slice(p.heading), slice(p.body)]),
    [
      ['enemy', 'a. Enemy forces.', 'Two companies.'],
      ['friendly', 'b. Friendly forces.', '2 BCT attacks.'],
      ['assumptions', 'Assumptions', 'The bridges stand.'],
      ['purpose', 'Purpose:', 'hold.'],
    ],
  );
});

test('page headers and footers are outside the content and read as blank space of the same length', () => {
  const text = orderText({
    document_id: 'd',
    pages: [
      { page: 1, text: 'SECRET//REL TO USA, FVEY\nThe first line\nthe second\nPage 1 of 2\nSECRET\n' },
      { page: 2, text: 'SECRET\ncontinued here.\n- 2 -\n' },
    ],
  });
  assert.equal(
    text.pages.map((p) => [p.contentStart - p.start, p.contentEnd - p.start]),
    [
      [25, 51],
      [7, 23],
    ],
  );
  assert.is(text.text.length, 70 + 3 + 29);
  assert.is(text.text.replace(/\s+/g, ' ').trim(), 'The first line the second continued here.');
});

test('recognising an order: a labelled mission is one; a terrain study is not, and nothing is read into it', () => {
  const read = (text: string) =>
    readOrder({
      document: { document_id: 'd', pages: [{ page: 1, text }] },
      unit: { name: 'B Co', designations: [] },
      reference_date: null,
    });
  const labelled = read(
    'WARNO 3\nMission: B Co defends BP 3 NLT 281000Z NOV 26 IOT retain the bridge.\n\nMore ' + 'to follow.',
  );
  assert.is(labelled.recognised_as_order, true);
  assert.equal([labelled.heading.order_type, labelled.heading.number?.text], ['WARNO', '3']);
  const mission = labelled.mission!;
  assert.equal([mission.who!.text, mission.task!.id, mission.where!.text], ['B Co', 'defend', 'BP 3']);
  // "Mission:" at the start of a line is paragraph 2's heading, unnumbered: the paragraph runs on, the statement is its
  // first sentence.
  assert.is(labelled.mission!.statement.text, 'B Co defends BP 3 NLT 281000Z NOV 26 IOT retain the bridge');
  assert.is(labelled.mission!.text.text, 'B Co defends BP 3 NLT 281000Z NOV 26 IOT retain the bridge. More to follow');
  assert.equal(labelled.tasks_to_unit!.found_in, 'mission');
  const marked = read(
    'UNCLASSIFIED OPERATION ORDER 03-26 (IRON GATE)\n2. MISSION. B Co defends BP 3.\n3. ' + 'EXECUTION. None.',
  );
  assert.equal([marked.heading.order_type, marked.heading.title!.text], ['OPORD', 'OPERATION ORDER 03-26 (IRON GATE)']);
  const study = read(
    'Terrain study of the Fulda gap. The Haune valley runs north to south; see Annex C to ' + 'OPORD 03-26.',
  );
  assert.is(study.recognised_as_order, false);
  assert.equal([study.mission, study.situation, study.execution, study.tasks_to_unit], [null, null, null, null]);
  assert.equal([study.annexes, study.features, study.constraints, study.date_time_groups], [[], [], [], []]);
});

test('bad input is refused with the place of the problem: page numbers, the unit, the reference date', () => {
  const input = (changes: object) => ({
    document: { document_id: 'd', pages: [{ page: 1, text: 'x' }] },
    unit: { name: 'A Co', designations: [] },
    reference_date: null,
    ...changes,
  });
  const refusal = (changes: object) => {
    try {
      readOrder(input(changes) as Parameters<typeof readOrder>[0]);
    } catch (error) {
      assert.instance(error, DomainError);
      return [(error as DomainError).kind, (error as DomainError).loc];
    }
    return null;
  };
  assert.equal(
    refusal({
      document: {
        document_id: 'd',
        pages: [
          { page: 1, text: 'a' },
          { page: 1, text: 'b' },
        ],
      },
    }),
    ['invalid', ['document', 'pages']],
  );
  assert.equal(refusal({ document: { document_id: 'd', pages: [{ page: 0, text: 'a' }] } }), [
    'invalid',
    ['document', 'pages'],
  ]);
  assert.equal(refusal({ unit: { name: ' ', designations: [] } }), ['invalid', ['unit', 'name']]);
  assert.equal(refusal({ reference_date: 'soon' }), ['invalid', ['reference_date']]);
  assert.is(refusal({}), null);
});

test('items: a list one item a line, but not one sentence wrapped over lines as a PDF gives it', () => {
  const items = (text: string) =>
    splitItems(text, 0, text.length).map(({ start, end }) => text.slice(start, end).trim());
  assert.equal(items('clear OBJ OWL\nhold PL BLUE'), ['clear OBJ OWL', 'hold PL BLUE']);
  assert.equal(items('clear OBJ OWL;\nhold PL BLUE.'), ['clear OBJ OWL;', 'hold PL BLUE.']);
  const wrapped = 'TF 1-66 AR attacks at 280600A to seize OBJ IRON in order to protect\nthe northern flank of 2 BCT.';
  assert.equal(items(wrapped), [wrapped]);
  const joined = 'Support by fire from SBF 1 IOT allow A Co to\nseize OBJ IRON';
  assert.equal(items(joined), [joined]);
});

test.run();
