import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  osmWaterwayProperties,
  osmWidthMetres,
} from '../../../../../../workers/terrain/sources/vector/osm/osm-waterway-properties.ts';

test('width tags in metres are read; feet and text are not', () => {
  assert.is(osmWidthMetres('12'), 12);
  assert.is(osmWidthMetres('12.5 m'), 12.5);
  assert.is(osmWidthMetres('3,5m'), 3.5);
  assert.is(osmWidthMetres("10'"), undefined);
  assert.is(osmWidthMetres('wide'), undefined);
  assert.is(osmWidthMetres('0'), undefined);
  assert.is(osmWidthMetres(undefined), undefined);
});

test('linear waterways are obstacles; culverts, underground ones and areas are not', () => {
  assert.equal(osmWaterwayProperties({ waterway: 'river', width: '40', name: 'Vantaa' }), {
    waterway: 'river',
    width_m: 40,
    name: 'Vantaa',
  });
  assert.equal(osmWaterwayProperties({ waterway: 'ditch' }), { waterway: 'ditch' });
  assert.equal(osmWaterwayProperties({ waterway: 'stream', tunnel: 'no' }), { waterway: 'stream' });
  assert.is(osmWaterwayProperties({ waterway: 'stream', tunnel: 'culvert' }), null);
  assert.is(osmWaterwayProperties({ waterway: 'drain', location: 'underground' }), null);
  assert.is(osmWaterwayProperties({ waterway: 'riverbank' }), null);
  assert.is(osmWaterwayProperties({ waterway: 'dam' }), null);
  assert.is(osmWaterwayProperties({ highway: 'track' }), null);
});

test.run();
