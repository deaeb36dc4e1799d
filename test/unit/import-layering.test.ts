// DESIGN.md §2 and §11: arrows point inward and nothing imports in a circle. The rules are checked on
// the real tree, and on fixtures so the check itself is known to catch what it should.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import {
  importCycles,
  layeringViolations,
  readImportGraph,
  tableReadsIn,
  workerTableReads,
  type ImportGraph,
} from '../support/import-graph.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('the tree keeps the import table of DESIGN.md §2', () => {
  const graph = readImportGraph(root);
  assert.ok(graph.size > 300, `read ${graph.size} files`);
  assert.ok((graph.get('api/app.ts') ?? []).includes('api/routes/operation-routes.ts'), 'imports are resolved');
  assert.equal(layeringViolations(graph), []);
});

test('the tree has no import cycles', () => {
  assert.equal(importCycles(readImportGraph(root)), []);
});

test('workers read no table by name (the queries of projections/ are their port)', () => {
  assert.equal(workerTableReads(root, readImportGraph(root)), []);
});

test('fixture: a table read by name is reported, a query call is not', () => {
  const source = [
    "const rows = await knex('maps').where({ map_id });",
    'const row = await this.knex(`terrain_jobs`).first();',
    "await knex.raw('select 1');",
    'const maps = await mapsOfOperation(deps.knex, operationId);',
  ].join('\n');
  assert.equal(tableReadsIn('workers/x.ts', source), ['workers/x.ts:1', 'workers/x.ts:2', 'workers/x.ts:3']);
});

test('route files never import each other', () => {
  const graph = readImportGraph(root);
  const crossings = [...graph].flatMap(([file, imports]) =>
    file.startsWith('api/routes/')
      ? imports.filter((i) => i.startsWith('api/routes/')).map((i) => `${file} -> ${i}`)
      : [],
  );
  assert.equal(crossings, []);
});

test('fixture: an inward arrow broken and a cycle are both reported', () => {
  const graph: ImportGraph = new Map([
    ['domain/a.ts', ['infra/config.ts']],
    ['commands/b.ts', ['api/app.ts', 'infra/event-store/event-store.ts']],
    ['api/c.ts', ['api/d.ts']],
    ['api/d.ts', ['api/c.ts']],
    ['test/x.ts', ['api/c.ts', 'workers/y.ts']],
    ['workers/z.ts', ['projections/queries/map-queries.ts', 'projections/projectors/map-projector.ts', 'api/app.ts']],
  ]);
  assert.equal(layeringViolations(graph), [
    'commands/b.ts -> api/app.ts',
    'domain/a.ts -> infra/config.ts',
    'workers/z.ts -> api/app.ts',
    'workers/z.ts -> projections/projectors/map-projector.ts',
  ]);
  assert.equal(importCycles(graph), [['api/c.ts', 'api/d.ts', 'api/c.ts']]);
});

test.run();
