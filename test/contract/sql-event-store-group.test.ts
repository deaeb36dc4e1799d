// The SQL event store groups concurrent appends into one transaction. When the database refuses a
// member for a reason no check foresaw (here a trigger stands in for any database error), the group
// is retried member by member: every valid append is acknowledged, only the refused one fails.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { SqlEventStore } from '../../infra/event-store/sql-event-store.ts';
import { openTestDatabase, SQL_BACKENDS } from '../support/backends.ts';
import { accountRegistered } from '../support/events.ts';

const REFUSED_NAME = 'refused by the database';

for (const backend of SQL_BACKENDS) {
  const test = suite(`sql event store group commit [${backend}]`);

  test('a group the database refuses is retried member by member', async () => {
    const { db, drop } = await openTestDatabase(backend);
    try {
      const store = await SqlEventStore.open(db);
      await db.knex.raw(`
        create function refuse_marked() returns trigger language plpgsql as $$
        begin
          if new.data ->> 'name' = '${REFUSED_NAME}' then raise exception 'refused by trigger'; end if;
          return new;
        end $$`);
      await db.knex.raw(
        'create trigger refuse_marked before insert on events for each row execute function refuse_marked()',
      );
      const before = await store.headPosition();
      const writes = Array.from({ length: 45 }, (_, i) => {
        const refused = i % 10 === 3;
        const event = accountRegistered(refused ? REFUSED_NAME : `valid ${i}`);
        return { stream: `account-${randomUUID()}`, event, refused };
      });
      const outcomes = await Promise.allSettled(writes.map((w) => store.append(w.stream, [w.event], 'no_stream')));
      outcomes.forEach((outcome, i) => {
        if (writes[i]!.refused) {
          assert.is(outcome.status, 'rejected', `write ${i} refused`);
          assert.match(String((outcome as PromiseRejectedResult).reason), /refused by trigger/);
        } else {
          const reason = (outcome as PromiseRejectedResult).reason;
          assert.is(outcome.status, 'fulfilled', `write ${i} acknowledged: ${reason}`);
        }
      });
      const logged = (await store.readAll({ after: before, limit: 1000 })).map((e) => e.id).sort();
      assert.equal(
        logged,
        writes
          .filter((w) => !w.refused)
          .map((w) => w.event.id)
          .sort(),
      );
      // Positions stay gap-free for readers and each acknowledged position holds its event.
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status !== 'fulfilled') continue;
        const [stored] = await store.readStream(writes[i]!.stream);
        assert.is(stored!.position, outcome.value.position);
      }
      await store.close();
    } finally {
      await drop();
    }
  });

  test.run();
}
