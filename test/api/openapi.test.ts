import { test } from 'uvu';
import * as assert from 'uvu/assert';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestService, http, type TestService } from '../support/test-service.ts';
import { allRoutes } from '../../api/app.ts';

let svc: TestService;
test.before(async () => { svc = await startTestService('pglite'); });
test.after(async () => { await svc.close(); });

test('GET /api/openapi.json is a valid OpenAPI 3.1 document covering every route', async () => {
  const r = await http(svc.url, 'GET', '/api/openapi.json');
  assert.is(r.status, 200);
  assert.is(r.body.openapi, '3.1.0');
  const validated = await SwaggerParser.validate(structuredClone(r.body));
  assert.ok(validated.paths);
  const routes = allRoutes({} as never);
  assert.ok(routes.length >= 10);
  for (const route of routes) {
    const operation = r.body.paths[route.path]?.[route.method];
    assert.ok(operation, `${route.method} ${route.path} documented`);
    assert.is(operation.operationId, route.operationId);
    if (route.auth) assert.equal(operation.security, [{ bearerAuth: [] }]);
  }
  const ids = routes.map((x) => x.operationId);
  assert.is(new Set(ids).size, ids.length, 'operationIds are unique');
});

test('the document describes the validation schemas the server enforces', async () => {
  const doc = (await http(svc.url, 'GET', '/api/openapi.json')).body;
  const create = doc.paths['/api/operations/'].post;
  const schema = create.requestBody.content['application/json'].schema;
  assert.equal([...schema.required].sort(), ['branch', 'echelon', 'name', 'unit']);
  assert.ok(schema.properties.echelon.enum.includes('team_crew'));
  assert.is(schema.additionalProperties, false);
  const list = doc.paths['/api/operations/'].get;
  const page = list.parameters.find((p: any) => p.name === 'page');
  assert.is(page.in, 'query');
  assert.is(page.schema.minimum, 1);
  assert.ok(create.responses['422'], 'validation errors documented');
});

test.run();
