// The 17 products together: built from the order and the terrain evaluation none says "TBD" or
// restates its title, every line and item with a fact in it cites its source; without inputs each
// product is one line naming the missing input.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { missionAnalysisProduct } from '../../../domain/mission-analysis/mission-analysis-products.ts';
import { MISSING } from '../../../domain/mission-analysis/mission-analysis-facts.ts';
import { MISSION_ANALYSIS_CATALOGUE } from '../../../domain/planning-record/planning-catalogues.ts';
import { facts, ironGate, terrain } from './support/mission-analysis-fixtures.ts';

const full = facts(ironGate(), terrain());

test('every product from the facts: no TBD, no title restated, every item cited', () => {
  for (const entry of MISSION_ANALYSIS_CATALOGUE) {
    const product = missionAnalysisProduct(entry.type, full);
    const texts = [...product.lines, ...product.items].map((l) => l.text);
    assert.ok(texts.length > 0, entry.type);
    for (const text of texts) {
      assert.not.match(text, /TBD/, `${entry.type}: ${text}`);
      assert.not.ok(text.includes(entry.title), `${entry.type} restates its title`);
    }
    for (const item of product.items) assert.ok(item.cites.length > 0, `${entry.type}: ${item.text}`);
    if (entry.type !== 'planning_guidance')
      assert.ok(
        product.lines.concat(product.items).some((l) => l.cites.length > 0),
        entry.type,
      );
  }
});

test('each product has what the order holds: the seize task, no fires on Künzell, the LD, the restated mission', () => {
  const texts = (type: (typeof MISSION_ANALYSIS_CATALOGUE)[number]['type']) => {
    const p = missionAnalysisProduct(type, full);
    return [...p.lines, ...p.items].map((l) => l.text).join('\n');
  };
  assert.match(texts('tasks'), /^Seize OBJ STEEL \(32UNB5350001200\) NLT 270500A NOV 26/);
  assert.match(texts('constraints'), /No fires on Künzell/);
  assert.match(texts('time_plan'), /LD 270430A NOV 26/);
  assert.match(texts('restated_mission'), /^Task Force 1-66 Armor seizes OBJ STEEL/);
  assert.match(texts('enemy_situation'), /12th Motorized Infantry Brigade/);
  assert.match(texts('higher_headquarters_order'), /Issued by: 2nd Brigade Combat Team, 1st Armored Division/);
  assert.match(texts('terrain_and_weather'), /Weather \(order\): Fog until 0900 daily; visibility below 800 m\./);
  assert.match(texts('ccir'), /crossing site at 32UNB5020001900/);
});

test('without an order and a terrain evaluation: one line each, naming the missing input', () => {
  const none = facts(null, null);
  for (const entry of MISSION_ANALYSIS_CATALOGUE) {
    const product = missionAnalysisProduct(entry.type, none);
    const lines = product.lines.map((l) => l.text);
    assert.equal(product.items, [], entry.type);
    assert.ok(lines.length >= 1 && lines.length <= 2, `${entry.type}: ${lines.join(' | ')}`);
    for (const l of lines) assert.not.match(l, /TBD/);
  }
  assert.equal(
    missionAnalysisProduct('restated_mission', none).lines.map((l) => l.text),
    [MISSING.order],
  );
  // terrain and weather without either: the missing terrain evaluation and the missing weather.
  assert.equal(
    missionAnalysisProduct('terrain_and_weather', none).lines.map((l) => l.text),
    [MISSING.terrain, 'Weather: not in the order, and the service holds no weather data (staff weather officer).'],
  );
});

test.run();
