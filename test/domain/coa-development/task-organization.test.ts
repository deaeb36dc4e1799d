// The task-organisation table and the rule that gives the units their roles.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { taskOrganization } from '../../../domain/coa-development/task-organization.ts';
import { allocateUnits } from '../../../domain/coa-development/develop-coas.ts';

const names = (r: ReturnType<typeof taskOrganization>) => ('units' in r ? r.units.map((u) => u.name) : r.missing);

test('echelon × branch × movement → the unit’s real subordinate units', () => {
  assert.equal(names(taskOrganization('armor', 'battalion', 'mounted_tracked')), [
    'A Company (tank)',
    'B Company (tank)',
    'C Company (mechanized infantry)',
    'Headquarters and Headquarters Company',
  ]);
  assert.equal(names(taskOrganization('infantry', 'battalion', 'dismounted')), [
    'A Company (rifle)',
    'B Company (rifle)',
    'C Company (rifle)',
    'D Company (weapons)',
    'Headquarters and Headquarters Company',
  ]);
  assert.equal(names(taskOrganization('infantry', 'battalion', 'mounted_tracked')).slice(0, 3), [
    'A Company (mechanized infantry)',
    'B Company (mechanized infantry)',
    'C Company (tank)',
  ]);
  assert.equal(names(taskOrganization('infantry', 'brigade', 'mounted_wheeled')), [
    '1st Battalion (Stryker infantry)',
    '2nd Battalion (Stryker infantry)',
    '3rd Battalion (Stryker infantry)',
    'Cavalry Squadron',
  ]);
  assert.equal(names(taskOrganization('armor', 'company', 'mounted_tracked')), [
    '1st Platoon (tank)',
    '2nd Platoon (tank)',
    '3rd Platoon (tank)',
  ]);
  assert.is(
    names(taskOrganization('signal', 'battalion', null)),
    'No task organisation for a signal battalion: the table covers armor, cavalry, infantry and marine companies, battalions and brigades.',
  );
});

test('roles: weapons company supports, the last remaining unit is the reserve, the rest the main effort', () => {
  const roles = (branch: string, echelon: string, movement: 'mounted_tracked' | 'dismounted') => {
    const org = taskOrganization(branch, echelon, movement);
    if (!('units' in org)) throw new Error(org.missing);
    const a = allocateUnits(org.units);
    return [a.main.map((u) => u.name), a.supporting?.name ?? null, a.reserve?.name ?? null];
  };
  assert.equal(roles('infantry', 'battalion', 'dismounted'), [
    ['A Company (rifle)', 'B Company (rifle)'],
    'D Company (weapons)',
    'C Company (rifle)',
  ]);
  assert.equal(roles('armor', 'battalion', 'mounted_tracked'), [
    ['A Company (tank)'],
    'C Company (mechanized infantry)',
    'B Company (tank)',
  ]);
  assert.equal(roles('armor', 'brigade', 'mounted_tracked'), [
    ['1st Battalion (combined arms, armor-heavy)', '2nd Battalion (combined arms, armor-heavy)'],
    'Cavalry Squadron',
    '3rd Battalion (combined arms, infantry-heavy)',
  ]);
});

test.run();
