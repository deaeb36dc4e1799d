// The war game's area: every position inside, widened by the longest weapon range in play.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distance, point } from '@turf/turf';
import { wargameArea } from '../../../domain/wargame/wargame-area.ts';
import { scenario } from './ridge-two-passes.ts';

test('wargameArea: the box of every position widened by the longest weapon range (ATGM 3,750 m)', () => {
  const s = scenario('west', 1);
  const [west, south, east, north] = wargameArea(s);
  const positions = [...s.friendly.flatMap((u) => u.axis), ...s.enemy.flatMap((e) => [e.position, ...(e.route ?? [])])];
  const minLat = Math.min(...positions.map((p) => p[1]));
  const maxLat = Math.max(...positions.map((p) => p[1]));
  const minLon = Math.min(...positions.map((p) => p[0]));
  // 3,750 m south of the southernmost position, to the metre (turf's sphere); at least 3,750 m west.
  assert.is(Math.round(distance(point([minLon, south]), point([minLon, minLat]), { units: 'meters' })), 3750);
  assert.ok(distance(point([west, maxLat]), point([minLon, maxLat]), { units: 'meters' }) >= 3749);
  assert.ok(east > Math.max(...positions.map((p) => p[0])) && north > maxLat);
  // Without an ATGM in play the margin is the tank's 2,500 m.
  const noAtgm = { ...s, enemy: s.enemy.filter((e) => e.weapon_class !== 'atgm') };
  const [, southTank] = wargameArea(noAtgm);
  assert.ok(southTank > south);
  assert.throws(() => wargameArea({ friendly: [], enemy: [], obstacles: [], chokepoints: [] }), RangeError);
});

test.run();
