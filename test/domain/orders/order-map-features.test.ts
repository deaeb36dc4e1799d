// An order's features as map features: a point at its one position, a line through a phase line's
// grids, an area's corners as a polygon (as points when they would cross), nothing without a position.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { orderMapFeatures } from '../../../domain/orders/order-map-features.ts';
import { read } from './support/order-fixtures.ts';

const text = [
  'OPORD 11-26',
  '2. MISSION. TF 1-66 AR attacks NLT 270500Z NOV 26 to seize OBJ GOLD (32UNB5000001000) IOT secure PL RED.',
  '3. EXECUTION.',
  'c. Coordinating instructions.',
  '(1) PL RED: 32UNB4000000000 - 32UNB4000005000 - 32UNB4200009000.',
  '(2) NAI 3: 32UNB6000000000, 32UNB6500000000, 32UNB6500005000, 32UNB6000005000.',
  '(3) NAI 4: 32UNB7000000000, 32UNB7500005000, 32UNB7500000000, 32UNB7000005000.',
  '(4) ROUTE ASH is open.',
].join('\n');
const record = read({ pages: [{ page: 1, text }] }, 'TF 1-66 AR');
const features = orderMapFeatures(record);
const lonLat = (name: string) => record.features.find((f) => f.name === name)!.positions.map((p) => p.lon_lat);

test('points, lines and areas as the order gives them, named as in it, with their sources', () => {
  assert.equal(
    features.map((f) => [f.properties.name, f.properties.kind, f.geometry.type]),
    [
      ['OBJ GOLD', 'objective', 'Point'],
      ['PL RED', 'phase_line', 'LineString'],
      ['NAI 3', 'named_area_of_interest', 'Polygon'],
      ['NAI 4', 'named_area_of_interest', 'MultiPoint'],
    ],
    'no ROUTE ASH: it has no position',
  );
  assert.equal(features[0]!.geometry.coordinates, lonLat('OBJ GOLD')[0]);
  assert.equal(features[1]!.geometry.coordinates, lonLat('PL RED'));
  assert.equal(features[2]!.geometry.coordinates, [[...lonLat('NAI 3'), lonLat('NAI 3')[0]]]);
  assert.equal(features[3]!.geometry.coordinates, lonLat('NAI 4'), 'corners out of order: points, no area drawn');
  const source = features[0]!.properties.sources[0]!;
  assert.equal(
    [features[0]!.properties.references, text.slice(source.start, source.end), source.page],
    [['32UNB5000001000'], '32UNB5000001000', 1],
  );
});

test.run();
