// Issue 20, "checks in the right order", over every route the service declares: on a route whose
// path names a resource, another account's request is refused for the resource (403, or 404 when it
// does not exist, or where the resource's kind hides other accounts' records) whatever its body holds, never answered with a 422 about that body.
import * as assert from 'uvu/assert';
import { allRoutes } from '../../api/app.ts';
import { defineRoute, pathNamesResource, type RouteSpec } from '../../api/route-spec.ts';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';
import { ownedResources, pathOf } from '../support/owned-resources.ts';
import { Type } from '@sinclair/typebox';
import { test } from 'uvu';

// The declarations only (no backend behind them).
const routes: RouteSpec[] = allRoutes({} as never);
const withResourceAndBody = routes.filter((r) => pathNamesResource(r) && (r.body || r.multipartBody));
// Bodies no route takes (the first is the control: a 422 for the resource's owner), and an
// incomplete and a wrongly typed one, a 422 on most routes.
const INVALID_BODIES: unknown[] = [[1], {}, { type: 'no_such_thing', name: 7, question: [], text: {} }];

forEachBackend('resource access before body validation', (test) => {
  test("another account's resource with an invalid body: 403/404, never 422; a missing one: 404", async ({ svc }) => {
    assert.ok(withResourceAndBody.length >= 10, `routes found: ${withResourceAndBody.length}`);
    const owned = await ownedResources(svc);
    const other = await svc.newAccount();
    for (const route of withResourceAndBody) {
      for (const body of INVALID_BODIES) {
        const what = `${route.method} ${route.path} ${JSON.stringify(body)}`;
        if (body === INVALID_BODIES[0]) {
          const mine = await http(svc.url, route.method.toUpperCase(), pathOf(route, owned), { key: svc.key, body });
          assert.is(
            mine.status,
            422,
            `the control, the owner's request: ${what} → ${mine.status} ${mine.text.slice(0, 200)}`,
          );
        }
        const theirs = await http(svc.url, route.method.toUpperCase(), pathOf(route, owned), { key: other.key, body });
        // 404 where the service does not tell another account's records from missing ones.
        assert.ok([403, 404].includes(theirs.status), `${what} → ${theirs.status} ${theirs.text.slice(0, 200)}`);
        assert.type(theirs.body.detail, 'string');
        const missing = await http(svc.url, route.method.toUpperCase(), pathOf(route), { key: other.key, body });
        assert.is(missing.status, 404, `missing resource: ${what} → ${missing.status} ${missing.text.slice(0, 200)}`);
      }
    }
  });
});

test('a route whose path names a resource and that takes a body cannot be declared without authorize', () => {
  const route = {
    method: 'post' as const,
    path: '/api/things/{thing_id}/parts',
    operationId: 'add_part',
    summary: 's',
    tags: ['t'],
    auth: true,
    params: Type.Object({ thing_id: Type.String() }),
    body: Type.Object({}),
    responses: {},
    handler: async () => {},
  };
  assert.throws(() => defineRoute(route), /add_part: its path names a resource and it takes a body/);
  assert.not.throws(() => defineRoute({ ...route, authorize: async () => undefined }));
  assert.not.throws(() => defineRoute({ ...route, path: '/api/things/' }));
});
test.run();
