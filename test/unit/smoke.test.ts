import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DATASET_NAMES } from '../../domain/terrain/types.ts';

test('six datasets', () => {
  assert.is(DATASET_NAMES.length, 6);
});

test.run();
