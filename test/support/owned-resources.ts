// Resources of the test service's first account for tests that iterate the declared routes: a path
// of any route with its parameters filled from them (a missing uuid for the others).
import * as assert from 'uvu/assert';
import type { RouteSpec } from '../../api/route-spec.ts';
import { http, type TestService } from './test-service.ts';

export const SOME_UUID = '00000000-0000-4000-8000-000000000000';

// Routes that authorize before reading the body (issue 9, defect 4) answer 404 for a missing
// resource, so bodies are sent to resources the caller owns.
export type Owned = {
  operation_id?: string;
  map_id?: string;
  mission_analysis_id?: string;
  warno_id?: string;
  coa_statement_id?: string;
  coa_statement_section_id?: string;
  attribute_id?: string;
};
export function pathOf(route: RouteSpec, owned: Owned = {}): string {
  return route.path
    .replace(/\{([^}]+)\}/g, (_, name: string) =>
      name === 'collectionId' ? 'layer--' + SOME_UUID : (owned[name as keyof Owned] ?? SOME_UUID),
    )
    .replace(/\.\{ext\}$/, '.png');
}

export async function ownedResources(svc: TestService): Promise<Owned> {
  const op = await http(svc.url, 'POST', '/api/operations/', {
    key: svc.key,
    body: { name: 'Owned', unit: 'U', branch: 'infantry', echelon: 'battalion' },
  });
  assert.is(op.status, 200, op.text);
  const map = await http(svc.url, 'POST', '/api/maps/', {
    key: svc.key,
    body: { operation_id: op.body.id, name: 'M' },
  });
  assert.is(map.status, 200, map.text);
  const record = async (kind: string, type: string) =>
    (await http(svc.url, 'GET', `/api/${kind}/?operation_id=${op.body.id}&type=${type}`, { key: svc.key })).body
      .id as string;
  const coa = await http(svc.url, 'POST', '/api/coa-statements/', {
    key: svc.key,
    body: { operation_id: op.body.id, name: 'COA' },
  });
  assert.is(coa.status, 200, coa.text);
  const section = await http(svc.url, 'POST', '/api/coa-statements/sections/', {
    key: svc.key,
    body: { coa_statement_id: coa.body.id, title: 'S' },
  });
  return {
    operation_id: op.body.id,
    map_id: map.body.id,
    mission_analysis_id: await record('mission-analysis', 'tasks'),
    warno_id: await record('warno', 'mission'),
    coa_statement_id: coa.body.id,
    coa_statement_section_id: section.body.id,
    attribute_id: coa.body.attributes[0].id,
  };
}
