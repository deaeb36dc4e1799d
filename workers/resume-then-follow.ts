// The start-up every dispatcher shares: first the work its read model still shows unfinished (an
// in-memory queue lost its tasks in the restart; JetStream drops the repeated task ids), then the
// log from the follower's checkpoint. A read model that cannot be read yet (its table not migrated
// on a fresh database) has nothing unfinished.
import type { EventLogFollower } from './event-log-follower.ts';

export async function resumeThenFollow<Row>(
  follower: EventLogFollower,
  unfinished: () => PromiseLike<Row[]>,
  resume: (row: Row) => Promise<unknown>,
): Promise<void> {
  let rows: Row[];
  try {
    rows = await unfinished();
  } catch {
    rows = [];
  }
  for (const row of rows) await resume(row);
  await follower.start();
}
