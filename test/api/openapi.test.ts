import { test } from 'uvu';
import * as assert from 'uvu/assert';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestService, http, type TestService } from '../support/test-service.ts';
import { allRoutes } from '../../api/app.ts';

let svc: TestService;
test.before(async () => {
  svc = await startTestService('pglite');
});
test.after(async () => {
  await svc.close();
});

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

test('request and response types are named components, as in the interface; no name is given to two types', async () => {
  const doc = (await http(svc.url, 'GET', '/api/openapi.json')).body;
  const names = Object.keys(doc.components.schemas);
  for (const name of [
    'OperationRequest',
    'OperationResponse',
    'ListOperationResponse',
    'MessageResponse',
    'MissionAnalysisResponse',
    'MissionAnalysisUpdateRequest',
    'WARNOResponse',
    'WARNOUpdateRequest',
    'COAStatementRequest',
    'COAStatementUpdateRequest',
    'COAStatementResponse',
    'ListCOAStatementResponse',
    'COAStatementSectionRequest',
    'COAStatementSectionUpdateRequest',
    'COAStatementArrangeRequest',
    'ListCOAStatementSectionResponse',
    'COAStatementAttributeUpdateRequest',
    'COAStatementAttributeResponse',
    'LLMSimulationResponse',
    'ListLLMSimulationResponse',
  ])
    assert.ok(names.includes(name), `${name} is a component`);
  const put = doc.paths['/api/mission-analysis/{mission_analysis_id}'].put;
  assert.equal(put.requestBody.content['application/json'].schema, {
    $ref: '#/components/schemas/MissionAnalysisUpdateRequest',
  });
  const arrange = doc.paths['/api/coa-statements/sections/'].put;
  assert.equal(arrange.requestBody.content['application/json'].schema, {
    $ref: '#/components/schemas/COAStatementArrangeRequest',
  });
  assert.equal(doc.paths['/api/coa-statements/'].get.responses['200'].content['application/json'].schema, {
    $ref: '#/components/schemas/ListCOAStatementResponse',
  });
  // A request or response schema left inline with a title is a clash of two different types.
  const inlineTitled: string[] = [];
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const schemas = [
        op.requestBody?.content?.['application/json']?.schema,
        ...Object.values<any>(op.responses).map((r) => Object.values<any>(r.content ?? {})[0]?.schema),
      ];
      for (const schema of schemas) if (schema?.title) inlineTitled.push(`${method} ${path}: ${schema.title}`);
    }
  }
  assert.equal(inlineTitled, []);
});

test('the document describes the validation schemas the server enforces', async () => {
  const doc = (await SwaggerParser.dereference(
    structuredClone((await http(svc.url, 'GET', '/api/openapi.json')).body),
  )) as any;
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

test('every POST that creates something takes an Idempotency-Key, with its 409 and 503 answers', async () => {
  const doc = (await http(svc.url, 'GET', '/api/openapi.json')).body;
  // POSTs that act on what exists instead of creating something.
  // (Reading orders again records only what changed: repeating it is harmless without a key.)
  const actions = ['cancel_analysis', 'cancel_terrain_job', 'auth_logout', 'read_operation_orders'];
  for (const route of allRoutes({} as never).filter((r) => r.method === 'post')) {
    const parameters = doc.paths[route.path].post.parameters as Array<{ name: string; in: string }>;
    const takesKey = parameters.some((p) => p.name === 'Idempotency-Key' && p.in === 'header');
    if (actions.includes(route.operationId)) {
      assert.not.ok(route.idempotent || takesKey, `${route.operationId} acts on what exists`);
      continue;
    }
    assert.ok(route.idempotent, `${route.operationId} creates something: idempotent`);
    assert.ok(takesKey, `${route.operationId} documents the Idempotency-Key header`);
    const responses = doc.paths[route.path].post.responses;
    assert.match(responses['409'].description, /Idempotency-Key/, route.operationId);
    const recorded = { $ref: '#/components/schemas/RecordedNotYetReadable' };
    assert.equal(responses['503'].content['application/json'].schema, recorded);
  }
});

test.run();
