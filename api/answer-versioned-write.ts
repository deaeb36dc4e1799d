// The answer of an update to a versioned planning record: once the read models hold it, the new
// version as ETag and a message saying whether anything changed (a PUT that changes nothing
// records nothing).
import type Koa from 'koa';
import type { ApiDependencies } from './api-dependencies.ts';
import { awaitReadModels } from './read-your-writes.ts';

export async function answerVersionedWrite(
  ctx: Koa.Context,
  deps: ApiDependencies,
  result: { position: number | null; revision: number },
  what: string,
  options: { id?: string; verb?: string } = {},
): Promise<void> {
  await awaitReadModels(deps, result.position);
  ctx.set('ETag', `"${result.revision + 1}"`);
  ctx.body = {
    message: `${what} ${result.position === null ? 'unchanged' : (options.verb ?? 'updated')}`,
    ...(options.id ? { id: options.id } : {}),
  };
}
