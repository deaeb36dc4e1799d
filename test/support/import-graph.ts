// The import graph of the tree and the two rules it must keep: DESIGN.md §2's table (who may import
// whom) and no cycles. Pure functions over a map file → imported files, so a fixture can test them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

export type ImportGraph = Map<string, string[]>;

const TOP_LEVEL_FOLDERS = [
  'domain',
  'commands',
  'projections',
  'api',
  'workers',
  'infra',
  'entrypoints',
  'test',
  'bench',
];

/** Every .ts file of the project (relative paths) with the project files it imports. */
export function readImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = join(dir, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) files.push(path);
    }
  };
  for (const folder of TOP_LEVEL_FOLDERS) walk(folder);
  for (const name of readdirSync(root)) if (name.endsWith('.ts')) files.push(name);
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    const imports = [
      ...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm),
      ...source.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g),
    ].map((m) => normalize(join(dirname(file), m[1]!)));
    graph.set(file, [...new Set(imports)]);
  }
  return graph;
}

/** The ports of DESIGN.md §4: interfaces the inner layers may name, whatever adapter is behind. */
export const PORT_MODULES = [
  'infra/event-store/event-store.ts',
  'infra/work-queue/work-queue.ts',
  'infra/blob-store/blob-store.ts',
  'infra/database/database.ts',
  'infra/document-storage/document-storage.ts',
  'infra/identity-provider/identity-provider.ts',
  'infra/language-model/language-model.ts',
];

/**
 * What workers read of the read models: the queries projections/ exports (never a table by name,
 * see tableReadsIn), the event narrowing, the read-your-writes wait and the process checkpoints.
 */
export const isReadPort = (file: string) =>
  file.startsWith('projections/queries/') ||
  ['projections/is-event-of.ts', 'projections/read-model-waiter.ts', 'projections/process-checkpoints.ts'].includes(
    file,
  );

/** DESIGN.md §2: the folders (or port modules) each folder may import; `*` means anything. */
export const LAYER_TABLE: Record<string, string[]> = {
  domain: ['domain'],
  commands: ['commands', 'domain', 'ports'],
  projections: ['projections', 'domain', 'ports'],
  api: ['api', 'commands', 'projections', 'domain', 'ports'],
  workers: ['workers', 'domain', 'commands', 'ports', 'reads'],
  infra: ['infra', 'domain'],
  entrypoints: ['*'],
  test: ['*'],
  bench: ['*'],
  '.': ['*'],
};

/**
 * Imports the table does not cover but the design accepts, each with its reason. Keep this short:
 * a new entry is a design decision, not a way to silence the test.
 */
export const LAYER_EXCEPTIONS: Record<string, string> = {
  'projections/upsert-rows.ts -> infra/database/copy-rows.ts':
    'COPY FROM STDIN is part of the read-model database port (pg only)',
  'workers/work-pipeline.ts -> infra/config.ts': 'the pipeline is started by entry points with their configuration',
  'workers/jobs/job-kind.ts -> infra/config.ts':
    "a job kind's dispatch may depend on the configuration (GENERATED_MAPS), its worker on settings (concurrency, limits)",
  'workers/jobs/define-job-kind.ts -> infra/config.ts':
    'the dispatchers are made with the configuration the kinds read',
  'workers/work-pipeline.ts -> infra/work-queue/open-work-queue.ts':
    'the pipeline opens the queue its configuration names',
  'workers/work-pipeline.ts -> infra/language-model/open-language-model.ts':
    'the pipeline opens the language model its configuration names',
  'workers/terrain/phase-thread/phase-thread-worker.ts -> infra/blob-store/create-fs-blob-store.ts':
    'a worker thread is its own entry point: it opens the blob store it was handed the directory of',
  'workers/analyses/analysis-thread/analysis-thread-worker.ts -> infra/blob-store/create-fs-blob-store.ts':
    'a worker thread is its own entry point: it opens the blob store it was handed the directory of',
  'workers/terrain/phase-thread/phase-thread-worker.ts -> infra/thread-priority.ts':
    'a worker thread is its own entry point: it sets its own scheduling priority (WORKER_THREAD_NICE)',
  'workers/analyses/analysis-thread/analysis-thread-worker.ts -> infra/thread-priority.ts':
    'a worker thread is its own entry point: it sets its own scheduling priority (WORKER_THREAD_NICE)',
};

const layerOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '.');

/** Every import that breaks the table, as "from -> to". */
export function layeringViolations(graph: ImportGraph): string[] {
  const violations: string[] = [];
  for (const [file, imports] of graph) {
    const allowed = LAYER_TABLE[layerOf(file)] ?? [];
    if (allowed.includes('*')) continue;
    for (const target of imports) {
      const ok =
        allowed.includes(layerOf(target)) ||
        (allowed.includes('ports') && PORT_MODULES.includes(target)) ||
        (allowed.includes('reads') && isReadPort(target)) ||
        `${file} -> ${target}` in LAYER_EXCEPTIONS;
      if (!ok) violations.push(`${file} -> ${target}`);
    }
  }
  return violations.sort();
}

/** Import cycles among the files outside test/ and bench/, each as the list of files around it. */
export function importCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target) || ['test', 'bench'].includes(layerOf(target))) continue;
      if (state.get(target) === 'open') cycles.push([...stack.slice(stack.indexOf(target)), target]);
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file) && !['test', 'bench'].includes(layerOf(file))) visit(file);
  return cycles;
}

/**
 * Reads of a table by name (`knex('maps')`, `this.knex('…')`, `knex.raw(…)`) in a file's source, as
 * "file:line": workers read through the queries projections/ exports, so a renamed column or table is
 * found where the read models are.
 */
export function tableReadsIn(file: string, source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, i) => (/\bknex\s*(?:\.raw\s*)?\(\s*['"`]/.test(line) ? [`${file}:${i + 1}`] : []));
}

/** Every table read by name in workers/. */
export function workerTableReads(root: string, graph: ImportGraph): string[] {
  return [...graph.keys()]
    .filter((file) => file.startsWith('workers/'))
    .flatMap((file) => tableReadsIn(file, readFileSync(join(root, file), 'utf8')));
}

export const relativeTo = (root: string, file: string) => relative(root, file);
