// 50 writers editing the sections of 10 COA statements for 30 s through the whole service (HTTP,
// auth, validation, access checks, event append with optimistic concurrency and retries,
// read-your-writes), against a raw-SQL baseline in the same run and database: the same writers,
// each write one transaction that updates the section row and inserts a history row. Prints
// acknowledged writes per second, p50/p99 latency, their ratios, and the lost-update check:
// every acknowledged write of the service must be an event in its section's stream.
// Usage: npx tsx bench/coa-sections-writers.ts [--writers=50] [--statements=10] [--sections=5]
//        [--duration=30] [--backend=postgres|pglite] [--service-only] (for profiling)
import pg from 'pg';
import { startTestService, http, type TestService } from '../test/support/test-service.ts';
import { TEST_DATABASE_URL, uniqueName } from '../test/support/backends.ts';
import { coaSectionStream } from '../domain/coa-statement/coa-section-events.ts';
import { backendsFromArgs, fmt, numberArg } from './support.ts';

const WRITERS = numberArg('writers', 50);
const STATEMENTS = numberArg('statements', 10);
const SECTIONS = numberArg('sections', 5);
const DURATION_S = numberArg('duration', 30);

interface Run {
  acks: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: Map<string, number>;
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;
}

/** WRITERS loops for DURATION_S, each editing sections of its statement. */
async function drive(
  sectionIds: string[][],
  write: (sectionId: string, content: string) => Promise<string | null>,
): Promise<Run & { acked: Array<[string, string]> }> {
  const latencies: number[] = [];
  const acked: Array<[string, string]> = [];
  const errors = new Map<string, number>();
  const deadline = performance.now() + DURATION_S * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      const mine = sectionIds[w % sectionIds.length]!;
      let seed = w + 1;
      for (let seq = 0; performance.now() < deadline; seq++) {
        // A deterministic pseudo-random section of the writer's statement: writers of one statement
        // collide now and then, as staff officers editing one COA do.
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const sectionId = mine[seed % mine.length]!;
        const content = `writer ${w} write ${seq}`;
        const t0 = performance.now();
        const error = await write(sectionId, content);
        if (error) {
          errors.set(error, (errors.get(error) ?? 0) + 1);
          continue;
        }
        latencies.push(performance.now() - t0);
        acked.push([sectionId, content]);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    acks: acked.length,
    seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    acked,
  };
}

async function serviceRun(svc: TestService) {
  const op = (
    await http(svc.url, 'POST', '/api/operations/', {
      key: svc.key,
      body: { name: 'Bench', unit: 'U', branch: 'infantry', echelon: 'brigade' },
    })
  ).body.id;
  const sectionIds: string[][] = [];
  for (let s = 0; s < STATEMENTS; s++) {
    const coa = (
      await http(svc.url, 'POST', '/api/coa-statements/', {
        key: svc.key,
        body: { operation_id: op, name: `COA ${s + 1}` },
      })
    ).body.id;
    const ids: string[] = [];
    for (let i = 0; i < SECTIONS; i++) {
      ids.push(
        (
          await http(svc.url, 'POST', '/api/coa-statements/sections/', {
            key: svc.key,
            body: { coa_statement_id: coa, title: `Section ${i + 1}` },
          })
        ).body.id,
      );
    }
    sectionIds.push(ids);
  }
  const run = await drive(sectionIds, async (sectionId, content) => {
    const r = await http(svc.url, 'PUT', `/api/coa-statements/sections/${sectionId}`, {
      key: svc.key,
      body: { content },
    });
    return r.status === 200 ? null : `${r.status} ${String(r.body?.detail ?? '').slice(0, 80)}`;
  });
  // Lost-update check: every acknowledged content is an event of its section's stream.
  const recorded = new Map<string, Set<string>>();
  for (const ids of sectionIds) {
    for (const id of ids) {
      const events = await svc.service.store.readStream(coaSectionStream(id));
      recorded.set(
        id,
        new Set(
          events
            .filter((e) => e.type === 'COAStatementSectionUpdated')
            .map((e) => (e.data as { changes: { content?: string } }).changes.content ?? ''),
        ),
      );
    }
  }
  const lost = run.acked.filter(([id, content]) => !recorded.get(id)!.has(content)).length;
  return { ...run, lost };
}

async function rawSqlRun(connectionString: string) {
  const schema = uniqueName('bench_raw');
  const pool = new pg.Pool({ connectionString, max: 20 });
  await pool.query(`create schema ${schema}`);
  await pool.query(
    `create table ${schema}.sections (id text primary key, content text, version int not null default 0)`,
  );
  await pool.query(
    `create table ${schema}.history (position bigserial primary key, section_id text not null, content text, at timestamptz not null default now())`,
  );
  const sectionIds: string[][] = [];
  for (let s = 0; s < STATEMENTS; s++) {
    const ids = Array.from({ length: SECTIONS }, (_, i) => `s${s}-${i}`);
    for (const id of ids) await pool.query(`insert into ${schema}.sections (id) values ($1)`, [id]);
    sectionIds.push(ids);
  }
  try {
    return await drive(sectionIds, async (sectionId, content) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(`update ${schema}.sections set content = $2, version = version + 1 where id = $1`, [
          sectionId,
          content,
        ]);
        await client.query(`insert into ${schema}.history (section_id, content) values ($1, $2)`, [sectionId, content]);
        await client.query('commit');
        return null;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        return (error as Error).message;
      } finally {
        client.release();
      }
    });
  } finally {
    await pool.query(`drop schema ${schema} cascade`);
    await pool.end();
  }
}

const line = (name: string, r: Run) =>
  `${name.padEnd(28)} ${fmt(r.acks / r.seconds).padStart(8)} acks/s   p50 ${fmt(r.p50, 1).padStart(6)} ms   p99 ${fmt(r.p99, 1).padStart(7)} ms` +
  (r.errors.size ? `   errors ${JSON.stringify(Object.fromEntries(r.errors))}` : '');

for (const backend of backendsFromArgs().filter(
  (b) => b === 'postgres' || process.argv.some((a) => a.startsWith('--backend=')),
)) {
  console.log(`\n${WRITERS} writers, ${STATEMENTS} statements × ${SECTIONS} sections, ${DURATION_S} s, ${backend}`);
  const serviceOnly = process.argv.includes('--service-only');
  const raw = serviceOnly ? null : await rawSqlRun(TEST_DATABASE_URL);
  if (raw) console.log(line('raw SQL (update + history)', raw));
  const svc = await startTestService(backend);
  try {
    const service = await serviceRun(svc);
    console.log(line('service (PUT section)', service));
    if (raw)
      console.log(
        `ratio service ÷ raw SQL: throughput ${fmt(service.acks / service.seconds / (raw.acks / raw.seconds), 2)}×, p99 ${fmt(service.p99 / raw.p99, 2)}×`,
      );
    console.log(`lost updates: ${service.lost} of ${service.acks} acknowledged writes`);
    if (service.lost > 0) process.exitCode = 1;
  } finally {
    await svc.close();
  }
}
