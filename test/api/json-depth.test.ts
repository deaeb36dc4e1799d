// Issue 20: request JSON is checked for depth, and walked for unstorable text, without recursion.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonDepthIssue, MAX_JSON_DEPTH } from '../../api/json-depth.ts';
import { unstorableTextIssues } from '../../api/unstorable-text-issues.ts';

const nested = (levels: number, inner: unknown = []) => {
  let value: unknown = inner;
  for (let i = 1; i < levels; i++) value = [value];
  return value;
};

test('the first container deeper than the limit, at its loc; the limit itself passes', () => {
  assert.is(jsonDepthIssue({ a: nested(MAX_JSON_DEPTH - 1) }, ['body']), null);
  assert.equal(jsonDepthIssue({ a: 1, b: { c: nested(MAX_JSON_DEPTH - 1) } }, ['body'])?.loc, [
    'body',
    'b',
    'c',
    ...Array(MAX_JSON_DEPTH - 2).fill(0),
  ]);
  assert.equal(jsonDepthIssue({ a: [1, 'x', nested(3)] }, ['body'], 3)?.loc, ['body', 'a', 2, 0]);
  assert.is(jsonDepthIssue('text', ['body'], 0), null, 'scalars have no depth');
});

test('a million levels: no stack overflow in either walk', () => {
  const deep = nested(1_000_000, ['a\u0000b']);
  assert.is(jsonDepthIssue(deep, ['body'])?.type, 'json_too_deep');
  const issues = unstorableTextIssues(deep, ['body']);
  assert.is(issues.length, 1);
  assert.is(issues[0]!.loc.length, 1_000_001);
});

test('unstorable text: document order, keys skip their values, at most 50 issues', () => {
  const issues = unstorableTextIssues({ a: ['ok', 'x\u0000'], ['k\ud800']: { deep: 'y\u0000' }, b: 'z\u0000' }, [
    'body',
  ]);
  assert.equal(
    issues.map((i) => [i.loc, i.msg.split(' ')[0]]),
    [
      [['body', 'a', 1], 'String'],
      [['body', 'k\ud800'], 'Field'],
      [['body', 'b'], 'String'],
    ],
  );
  assert.is(unstorableTextIssues(Array(80).fill('\u0000'), ['body']).length, 50);
});

test.run();
