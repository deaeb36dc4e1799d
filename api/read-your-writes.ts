// A write answers only once the read models include it (DESIGN.md §5), so a GET right after a
// POST/PUT/DELETE sees it.
import type { ApiDependencies } from './api-dependencies.ts';
import { HttpError } from './http-error.ts';

export async function awaitReadModels(deps: ApiDependencies, position: number | null): Promise<void> {
  if (position === null) return;
  if (await deps.waiter.waitFor(position, deps.readYourWritesTimeoutMs)) return;
  throw new HttpError(503, `The write was recorded (position ${position}) but the read models have not caught up yet; retry the read shortly`, { 'Retry-After': '1' });
}
