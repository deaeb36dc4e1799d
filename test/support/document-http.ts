// HTTP helpers of the document tests: an operation, a multipart upload, the stored keys, waiting
// for text extraction, and the events recorded for an operation since a position.
import * as assert from 'uvu/assert';
import { http, type TestService } from './test-service.ts';

export async function newOperation(svc: TestService, key = svc.key) {
  const r = await http(svc.url, 'POST', '/api/operations/', {
    key,
    body: { name: 'Op', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
  });
  assert.is(r.status, 200, r.text);
  return r.body.id as string;
}

export type UploadFile = { name: string; bytes: Uint8Array | string; type?: string };

export async function upload(
  svc: TestService,
  fields: Record<string, string>,
  files: UploadFile[],
  options: { key?: string; query?: string } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append('files', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${svc.url}/api/documents/${options.query ?? ''}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${options.key ?? svc.key}` },
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: response.status, body, text, headers: response.headers };
}

export async function storedKeys(svc: TestService): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of svc.service.documents.list('documents/')) keys.push(object.key);
  return keys.sort();
}

export async function waitForText(svc: TestService, id: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await http(svc.url, 'GET', `/api/documents/${id}`, { key: svc.key });
    if (r.body.text_status !== 'pending' || Date.now() > until) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Events of the operation recorded after `position` (other tests' workers may record their own meanwhile). */
export async function recordedFor(svc: TestService, operationId: string, position: number): Promise<string[]> {
  const events = await svc.service.store.readAll({ after: position });
  return events.filter((e) => e.metadata.operation_id === operationId).map((e) => e.type);
}

/** A 1×1 PNG. */
export const ONE_PIXEL_PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0, 0x1f, 0x15, 0xc4, 0x89, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);
