// Asks the terrain agent over HTTP and polls a question until it ends (test helpers).
import * as assert from 'uvu/assert';
import { http, type TestService } from './test-service.ts';

export async function ask(svc: TestService, mapId: string, body: unknown, key = svc.key) {
  return http(svc.url, 'POST', `/api/maps/${mapId}/terrain-questions`, { key, body });
}

export async function pollQuestion(svc: TestService, id: string, key = svc.key) {
  for (let i = 0; i < 3000; i++) {
    const r = await http(svc.url, 'GET', `/api/terrain-questions/${id}`, { key });
    assert.is(r.status, 200, r.text);
    if (r.body.status !== 'pending') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`terrain question ${id} still pending`);
}
