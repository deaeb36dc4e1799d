// The head of every answer that starts a background job (202-then-poll, README "Jobs"): wait until the
// read models show the job (read-your-writes; a 503 names it if they lag), then name it in Location for
// the client to poll. The routes answer their own bodies and statuses (the interface fixes those).
import type Koa from 'koa';
import type { ApiDependencies } from './api-dependencies.ts';
import { awaitReadModels } from './read-your-writes.ts';

export interface AcceptedJob {
  /** The job's (or the recorded resource's) id. */
  id: string;
  /** Where to poll it: the job's GET route. */
  location: string;
  /** The event-log position of the write that requested it (null: nothing was written). */
  position: number | null;
}

export interface AcceptOptions {
  /** 202 where the interface answers "accepted"; otherwise the route's own status stays. */
  status?: 202;
  /** A job snapshot changes as it runs: a poller must not be answered from a cache. */
  noStore?: boolean;
}

export async function acceptJob(
  ctx: Koa.Context,
  deps: ApiDependencies,
  job: AcceptedJob,
  options: AcceptOptions = {},
): Promise<void> {
  await awaitReadModels(deps, job.position, { id: job.id, location: job.location });
  ctx.set('Location', job.location);
  if (options.noStore) ctx.set('Cache-Control', 'no-store');
  if (options.status) ctx.status = options.status;
}
