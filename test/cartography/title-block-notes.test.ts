// The terrain job's data warnings in the map sheet's marginalia (title block "DATA WARNINGS").
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { titleBlockSvg } from '../../domain/cartography/title-block-svg.ts';
import { testComposition } from './support/map-fixtures.ts';

test('notes: a DATA WARNINGS caption and one line per short note, escaped; none without notes', () => {
  const { title } = testComposition();
  const plain = titleBlockSvg({ ...title, notes: [] }, 272);
  assert.not.ok(plain.svg.includes('DATA WARNINGS'));
  assert.is(titleBlockSvg(title, 272).height, plain.height, 'no notes field: nothing added');
  const noted = titleBlockSvg({ ...title, notes: ['100.0% of the 7 km² area is water', 'no road <inside>'] }, 272);
  assert.ok(noted.svg.includes('DATA WARNINGS'));
  assert.ok(noted.svg.includes('! 100.0% of the 7 km² area is water'));
  assert.ok(noted.svg.includes('! no road &lt;inside&gt;'));
  assert.is(noted.height - plain.height, 16 + 2 * 13, 'the caption and two 13 px lines');
});

test.run();
