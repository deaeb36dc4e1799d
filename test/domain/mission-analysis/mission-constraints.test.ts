// Constraints: every requirement and prohibition of the order, with its times in UTC and the grids
// of the control measures it names, citing its source.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { missionConstraints } from '../../../domain/mission-analysis/mission-constraints.ts';
import { at } from '../orders/support/order-fixtures.ts';
import { IRON_GATE, ironGate } from './support/mission-analysis-fixtures.ts';

test('the OPORD’s four requirements and three prohibitions, "No fires on Künzell" among them', () => {
  const product = missionConstraints(ironGate());
  assert.equal(
    product.items.map((i) => [i.kind, i.text]),
    [
      ['requirement', 'LD 270430A NOV 26 (270430A NOV 26 = 2026-11-27T03:30:00Z)'],
      [
        'requirement',
        'OBJ STEEL seized NLT 270500A NOV 26 (NLT 270500A NOV 26 = 2026-11-27T04:00:00Z; at OBJ STEEL 32UNB5350001200)',
      ],
      ['requirement', 'Risk reduction control measures: VS-17 panels on all vehicles'],
      ['requirement', 'ROE: Weapons tight'],
      ['prohibition', 'No fires on Künzell'],
      ['prohibition', 'Do not enter Petersberg with tracked vehicles'],
      [
        'prohibition',
        'Do not cross PL RED before 270430A NOV 26 (before 270430A NOV 26 = 2026-11-27T03:30:00Z; ' +
          'at PL RED 32UNB4800011000–32UNB4800016000)',
      ],
    ],
  );
  const kunzell = at(IRON_GATE, 'No fires on Künzell');
  assert.equal(product.items[4]!.cites[0], {
    kind: 'order',
    ref: 'constraints[4]',
    document_id: kunzell.document_id,
    page: 1,
    start: kunzell.start,
    end: kunzell.end,
  });
});

test('no order: one line', () => {
  assert.is(missionConstraints(null).lines.length, 1);
  assert.equal(missionConstraints(null).items, []);
});

test.run();
