// The fact check of a model's output: grids, DTGs and numbers must be among the facts given (an order's
// text, its record, a terrain summary's figures) or derived from them by the documented rules.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findFactTokens } from '../../../../domain/generation/fact-check/find-fact-tokens.ts';
import { knownFacts } from '../../../../domain/generation/fact-check/known-facts.ts';
import { unfoundedFacts } from '../../../../domain/generation/fact-check/unfounded-facts.ts';

const ORDER =
  '2. MISSION. 1st BCT attacks NLT 270500Z NOV 26 to seize OBJ STEEL (32UNB 5520 4280) in order to secure ' +
  'the crossings. Do not cross PL BLUE before 270300Z NOV 26. The enemy has 34 tanks.';
const known = knownFacts([
  { text_excerpt: ORDER, id: '5f1d7c1e-8a46-4c55-9b07-3e0f2c6f9a10' },
  { mission: { when: { dtg: { iso: '2026-11-28T06:00:00Z' } } } },
  { terrain_summary: { area_km2: 412.37, mobility: { go: 0.4213 }, road_length_m: 18_450, seconds: 5400 } },
]);
const check = (text: string) => unfoundedFacts({ text }, known);

test('tokens: grids in their written forms, DTGs with zone letter and/or month, ISO instants, numbers apart', () => {
  assert.equal(
    findFactTokens('OBJ STEEL 32U NB 55204280, NLT 270500ZNOV26 (2026-11-27T05:00Z), 1,250 m, 12.5 km, 42%').map(
      (t) => [t.kind, t.text],
    ),
    [
      ['grid', '32U NB 55204280'],
      ['dtg', '270500ZNOV26'],
      ['dtg', '2026-11-27T05:00Z'],
      ['number', '1,250'],
      ['number', '12.5'],
      ['number', '42'],
    ],
  );
});

test('what the facts hold passes: the grid at its own or a coarser precision, the DTG written either way', () => {
  assert.equal(check('Seize OBJ STEEL at 32UNB 5520 4280 NLT 270500Z NOV 26.'), []);
  assert.equal(check('OBJ STEEL (32UNB552428; 32U NB 55200 42800) NLT 270500ZNOV26, after 270300Z.'), []);
  assert.equal(check('H-hour is 2026-11-27T05:00:00Z; the second phase starts 280600Z NOV 26.'), []);
  assert.equal(check('34 tanks; the area is 412 km2 (412.4), 42% go, 18.5 km of roads, 90 min or 1.5 h.'), []);
  assert.equal(check('3 courses of action; paragraph 3.d(2); 1st BCT; 2-7 IN.'), []);
});

test('what the facts do not hold is listed with where it is: an invented grid, DTG or figure', () => {
  assert.equal(check('Seize OBJ STEEL at 32UNB 5530 4280.'), [
    '/text: grid 32UNB 5530 4280 is in none of the facts given',
  ]);
  assert.equal(check('OBJ STEEL at 32UNB 55204 42801.'), [
    '/text: grid 32UNB 55204 42801 is in none of the facts given',
  ]);
  assert.equal(check('Attack NLT 270600Z NOV 26.'), ['/text: DTG 270600Z NOV 26 is in none of the facts given']);
  assert.equal(check('Attack NLT 270500Z DEC 26.'), ['/text: DTG 270500Z DEC 26 is in none of the facts given']);
  assert.equal(check('The enemy has 35 tanks.'), ['/text: number 35 is in none of the facts given']);
  assert.equal(unfoundedFacts({ text: 'ok', items: [{ text: 'Enemy at 33UUP 1234 5678' }] }, known), [
    '/items/0/text: grid 33UUP 1234 5678 is in none of the facts given',
  ]);
  // The id's digits are no fact.
  assert.equal(check('5081 vehicles'), ['/text: number 5081 is in none of the facts given']);
});

test.run();
