// A table of bad inputs: each answers a 4xx with a FastAPI body pointing at the culprit, never a
// 5xx, and leaves stored data as it was.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';

const valid = { name: 'Op', unit: 'Unit', branch: 'armor', echelon: 'company' };

interface Case {
  method: string;
  path: string | ((id: string) => string);
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
  loc?: unknown[];
  type?: string;
}

const cases: Case[] = [
  { method: 'POST', path: '/api/operations/', body: '{"name": "x",', status: 422, loc: ['body'], type: 'json_invalid' },
  { method: 'POST', path: '/api/operations/', body: 'null', status: 422, loc: ['body'], type: 'dict_type' },
  { method: 'POST', path: '/api/operations/', body: '[1,2]', status: 422, loc: ['body'], type: 'dict_type' },
  { method: 'POST', path: '/api/operations/', body: '"just a string"', status: 422, loc: ['body'], type: 'dict_type' },
  { method: 'POST', path: '/api/operations/', status: 422, loc: ['body'], type: 'missing' },
  {
    method: 'POST',
    path: '/api/operations/',
    body: 'name=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    status: 422,
    loc: ['body'],
  },
  {
    method: 'POST',
    path: '/api/operations/',
    body: { ...valid, name: 42 },
    status: 422,
    loc: ['body', 'name'],
    type: 'string_type',
  },
  {
    method: 'POST',
    path: '/api/operations/',
    body: { ...valid, name: '   ' },
    status: 422,
    loc: ['body', 'name'],
    type: 'string_pattern_mismatch',
  },
  {
    method: 'POST',
    path: '/api/operations/',
    body: { ...valid, name: 'x'.repeat(201) },
    status: 422,
    loc: ['body', 'name'],
    type: 'string_too_long',
  },
  {
    method: 'POST',
    path: '/api/operations/',
    body: { unit: 'u', branch: 'armor', echelon: 'company' },
    status: 422,
    loc: ['body', 'name'],
    type: 'missing',
  },
  {
    method: 'POST',
    path: '/api/operations/',
    body: { ...valid, branch: 'navy seals' },
    status: 422,
    loc: ['body', 'branch'],
    type: 'enum',
  },
  {
    method: 'POST',
    path: '/api/operations/',
    body: { ...valid, echelon: 'Battalion' },
    status: 422,
    loc: ['body', 'echelon'],
    type: 'enum',
  },
  {
    method: 'POST',
    path: '/api/operations/',
    body: { ...valid, unitId: 'x' },
    status: 422,
    loc: ['body', 'unitId'],
    type: 'extra_forbidden',
  },
  {
    method: 'POST',
    path: '/api/operations/',
    body: { ...valid, colour: 'red' },
    status: 422,
    loc: ['body', 'colour'],
    type: 'extra_forbidden',
  },
  {
    method: 'POST',
    path: '/api/operations/',
    body: { ...valid, unit_id: 'not-a-uuid' },
    status: 422,
    loc: ['body', 'unit_id'],
    type: 'uuid_parsing',
  },
  {
    method: 'POST',
    path: '/api/operations/',
    body: { ...valid, parent_id: '00000000-0000-4000-8000-000000000000' },
    status: 422,
    loc: ['body', 'parent_id'],
  },
  {
    method: 'GET',
    path: '/api/operations/not-a-uuid',
    status: 422,
    loc: ['path', 'operation_id'],
    type: 'uuid_parsing',
  },
  { method: 'GET', path: '/api/operations/00000000-0000-4000-8000-000000000000', status: 404 },
  { method: 'GET', path: '/api/operations/?page=0', status: 422, loc: ['query', 'page'], type: 'greater_than_equal' },
  { method: 'GET', path: '/api/operations/?page=-3', status: 422, loc: ['query', 'page'] },
  { method: 'GET', path: '/api/operations/?page=abc', status: 422, loc: ['query', 'page'], type: 'int_parsing' },
  { method: 'GET', path: '/api/operations/?size=0', status: 422, loc: ['query', 'size'] },
  { method: 'GET', path: '/api/operations/?size=1000', status: 422, loc: ['query', 'size'], type: 'less_than_equal' },
  { method: 'GET', path: '/api/operations/?unit_id=123', status: 422, loc: ['query', 'unit_id'], type: 'uuid_parsing' },
  {
    method: 'GET',
    path: '/api/operations/?parent_id=zzz',
    status: 422,
    loc: ['query', 'parent_id'],
    type: 'uuid_parsing',
  },
  {
    method: 'GET',
    path: '/api/operations/?force_all=maybe',
    status: 422,
    loc: ['query', 'force_all'],
    type: 'bool_type',
  },
  { method: 'PUT', path: (id) => `/api/operations/${id}`, body: {}, status: 422, loc: ['body'], type: 'too_short' },
  {
    method: 'PUT',
    path: (id) => `/api/operations/${id}`,
    body: { echelon: 'legion' },
    status: 422,
    loc: ['body', 'echelon'],
  },
  { method: 'PUT', path: (id) => `/api/operations/${id}`, body: { name: null }, status: 422, loc: ['body', 'name'] },
  {
    method: 'PUT',
    path: (id) => `/api/operations/${id}`,
    body: { parent_id: 'x' },
    status: 422,
    loc: ['body', 'parent_id'],
  },
  {
    method: 'PUT',
    path: (id) => `/api/operations/${id}`,
    body: { name: 'ok' },
    headers: { 'if-match': 'yesterday' },
    status: 422,
    loc: ['header', 'if-match'],
  },
  {
    method: 'PUT',
    path: (id) => `/api/operations/${id}`,
    body: '{"name": }',
    status: 422,
    loc: ['body'],
    type: 'json_invalid',
  },
  {
    method: 'GET',
    path: (id) => `/api/operations/${id}/history?as_of=yesterday`,
    status: 422,
    loc: ['query', 'as_of'],
  },
  { method: 'GET', path: (id) => `/api/operations/${id}/history?size=abc`, status: 422, loc: ['query', 'size'] },
  { method: 'DELETE', path: '/api/api-keys/not-a-key', status: 404 },
  { method: 'PATCH', path: '/api/operations/', body: {}, status: 405 },
  { method: 'GET', path: '/api/no-such-thing', status: 404 },
  {
    method: 'POST',
    path: '/api/operations/',
    body: JSON.stringify({ ...valid, description: 'x'.repeat(17 * 1024 * 1024) }),
    status: 413,
  },
];

forEachBackend('bad input', (test) => {
  test('every bad input answers its 4xx with a FastAPI body; data is untouched', async ({ svc }) => {
    const op = (await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: valid })).body;
    const before = (await http(svc.url, 'GET', `/api/operations/${op.id}`, { key: svc.key })).body;
    for (const c of cases) {
      const path = typeof c.path === 'function' ? c.path(op.id) : c.path;
      const r = await http(svc.url, c.method, path, { key: svc.key, body: c.body, headers: c.headers });
      const label = `${c.method} ${path.slice(0, 80)} ${typeof c.body === 'string' ? c.body.slice(0, 40) : JSON.stringify(c.body ?? null).slice(0, 80)}`;
      assert.is(r.status, c.status, `${label} → ${r.status} ${r.text.slice(0, 300)}`);
      assert.ok(r.body && 'detail' in r.body, `${label}: FastAPI body`);
      if (c.status === 422) {
        assert.ok(Array.isArray(r.body.detail) && r.body.detail.length > 0, label);
        for (const d of r.body.detail) {
          assert.type(d.msg, 'string');
          assert.type(d.type, 'string');
          assert.ok(Array.isArray(d.loc));
        }
        if (c.loc) assert.equal(r.body.detail[0].loc, c.loc, `${label}: ${JSON.stringify(r.body.detail)}`);
        if (c.type) assert.is(r.body.detail[0].type, c.type, `${label}: ${JSON.stringify(r.body.detail)}`);
      } else {
        assert.type(r.body.detail, 'string', label);
      }
    }
    const after = (await http(svc.url, 'GET', `/api/operations/${op.id}`, { key: svc.key })).body;
    assert.equal(after, before, 'the operation is unchanged');
    const list = (await http(svc.url, 'GET', '/api/operations/?force_all=true&size=100', { key: svc.key })).body;
    assert.is(list.total, 1, 'no bad POST created anything');
  });

  test('camelCase field names get a snake_case hint', async ({ svc }) => {
    const r = await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: { ...valid, parentId: null } });
    assert.is(r.status, 422);
    assert.match(r.body.detail[0].msg, /did you mean 'parent_id'/);
  });

  test('every validation problem is reported, not just the first', async ({ svc }) => {
    const r = await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: { name: 1, branch: 'x' } });
    assert.is(r.status, 422);
    const locs = r.body.detail.map((d: any) => d.loc.join('.')).sort();
    assert.equal(locs, ['body.branch', 'body.echelon', 'body.name', 'body.unit']);
  });
});
