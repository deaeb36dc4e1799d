// Polls a generation job over HTTP until it ends (test helper).
import * as assert from 'uvu/assert';
import { http, type TestService } from './test-service.ts';

export async function pollGeneration(svc: TestService, jobId: string, key = svc.key) {
  for (let i = 0; i < 1500; i++) {
    const r = await http(svc.url, 'GET', `/api/generation-jobs/${jobId}`, { key });
    assert.is(r.status, 200, r.text);
    if (r.body.status !== 'pending') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`generation job ${jobId} still pending`);
}
