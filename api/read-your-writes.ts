// A write answers only once the read models include it (DESIGN.md §5), so a GET right after a
// POST/PUT/DELETE sees it. When they do not catch up in time the answer is a 503 that still says what
// was recorded: the created resource's id and Location, so the client can find it (or retry with its
// Idempotency-Key, api/idempotent-write.ts) instead of creating it again.
import type { ApiDependencies } from './api-dependencies.ts';
import { HttpError } from './http-error.ts';

/** What a creating write recorded: the new resource's id and path. */
export interface RecordedResource {
  id: string;
  location?: string;
  /** Every id, when the write created several (id is the first). */
  ids?: string[];
}

export async function awaitReadModels(
  deps: ApiDependencies,
  position: number | null,
  recorded?: RecordedResource,
): Promise<void> {
  if (position === null) return;
  if (await deps.waiter.waitFor(position, deps.readYourWritesTimeoutMs)) return;
  const what = recorded ? ` as ${recorded.id}` : '';
  throw new HttpError(
    503,
    `The write was recorded${what} (position ${position}) but the read models have not caught up yet; ` +
      'retry the read shortly',
    { 'Retry-After': '1', ...(recorded?.location ? { Location: recorded.location } : {}) },
    recorded ? { ...recorded } : {},
  );
}
