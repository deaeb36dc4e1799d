// The production stack description (docker-compose.yml, DESIGN.md §4), as Docker Compose itself
// reads it: `docker compose config` validates the file against the Compose specification and
// resolves anchors, merges and defaults, so these assertions see what `docker compose up` would
// run. No Docker engine is needed for `config`.
//
// Compose v2 (`docker compose`) answers in JSON. Debian 12 packages only Compose v1
// (`docker-compose`, package docker-compose), whose `config` prints YAML: either is accepted, and
// the two output shapes (ports, volumes) are normalised below.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

const root = fileURLToPath(new URL('../..', import.meta.url));
const composeFile = join(root, 'docker-compose.yml');

interface Tool {
  name: string;
  command: string;
  args: string[];
  output: 'json' | 'yaml';
}

function answers(command: string, args: string[]): boolean {
  const run = spawnSync(command, args, { encoding: 'utf8' });
  return !run.error && run.status === 0;
}

/** Compose v2 if the docker CLI has the plugin, else Compose v1; null when neither runs. */
function findCompose(): Tool | null {
  if (answers('docker', ['compose', 'version'])) {
    return { name: 'docker compose', command: 'docker', args: ['compose'], output: 'json' };
  }
  if (answers('docker-compose', ['version'])) {
    return { name: 'docker-compose', command: 'docker-compose', args: [], output: 'yaml' };
  }
  return null;
}

const compose = findCompose();

interface Config {
  services: Record<string, any>;
  volumes?: Record<string, unknown>;
}

/** `config` of the given file, parsed; throws with Compose's own message when it refuses the file. */
function composeConfig(file: string): Config {
  if (!compose) {
    throw new Error(
      'Docker Compose not found: need `docker compose` (the Compose v2 CLI plugin) or `docker-compose` ' +
        '(Debian package docker-compose) on PATH to check docker-compose.yml',
    );
  }
  const args = [...compose.args, '-f', file, 'config', ...(compose.output === 'json' ? ['--format', 'json'] : [])];
  const run = spawnSync(compose.command, args, {
    encoding: 'utf8',
    env: { ...process.env, COMPOSE_PROJECT_NAME: 'ops' },
  });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`${compose.name} config refused ${file}: ${run.stderr.trim()}`);
  return compose.output === 'json' ? JSON.parse(run.stdout) : parseYaml(run.stdout);
}

/** "source:target" of each mount, from either the short (v1) or the long (v2) form. */
function mounts(service: any): string[] {
  return (service.volumes ?? []).map((v: any) => {
    if (typeof v === 'string') return v.split(':').slice(0, 2).join(':');
    return `${v.source}:${v.target}`;
  });
}

/** "published:target" of each published port. */
function ports(service: any): string[] {
  return (service.ports ?? []).map((p: any) => (typeof p === 'string' ? p : `${p.published}:${p.target}`));
}

const SERVICE_ENV = {
  EVENT_STORE: 'esdb',
  EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
  DATABASE_URL: 'postgres://postgres:postgres@postgres:5432/ops',
  NATS_URL: 'nats://nats:4222',
  WORK_QUEUE: 'nats',
  INLINE_PROJECTOR: 'false',
  HOST: '0.0.0.0',
  PORT: '8080',
  DOCUMENT_STORAGE: 's3',
  S3_ENDPOINT: 'http://minio:9000',
  S3_PUBLIC_ENDPOINT: 'http://localhost:9000',
  S3_BUCKET: 'documents',
  S3_ACCESS_KEY_ID: 'ops',
  S3_SECRET_ACCESS_KEY: 'change-me-minio-secret',
  S3_FORCE_PATH_STYLE: 'true',
};
const TILES = '/var/lib/ops/tiles';

// Read once, on first use, so that a missing Compose fails every test with its message.
let cached: Config | undefined;
function stack(): Config {
  cached ??= composeConfig(composeFile);
  return cached;
}

test(
  'the stack has exactly EventStoreDB, PostgreSQL, NATS, MinIO (and its bucket job), ' +
    'the API, the projector and the workers',
  () => {
    assert.equal(Object.keys(stack().services).sort(), [
      'api',
      'eventstore',
      'minio',
      'minio-bucket',
      'nats',
      'postgres',
      'projector',
      'worker',
    ]);
    assert.equal(Object.keys(stack().volumes ?? {}).sort(), [
      'eventstore-data',
      'minio-data',
      'nats-data',
      'postgres-data',
      'tiles',
    ]);
  },
);

test('minio: object storage for documents, its bucket created before the services start', () => {
  const minio = stack().services.minio;
  assert.match(minio.image, /^minio\/minio:/);
  assert.equal(mounts(minio), ['minio-data:/data']);
  assert.is(minio.environment.MINIO_ROOT_USER, SERVICE_ENV.S3_ACCESS_KEY_ID);
  assert.is(minio.environment.MINIO_ROOT_PASSWORD, SERVICE_ENV.S3_SECRET_ACCESS_KEY);
  assert.ok(minio.healthcheck.test.join(' ').includes('/minio/health/live'));
  assert.ok(
    stack()
      .services['minio-bucket'].entrypoint.join(' ')
      .includes(`mb --ignore-existing local/${SERVICE_ENV.S3_BUCKET}`),
  );
  for (const name of ['api', 'projector', 'worker']) {
    assert.is(
      stack().services[name].depends_on['minio-bucket'].condition,
      'service_completed_successfully',
      `${name} waits for the bucket`,
    );
  }
});

test('eventstore: insecure single node 24.10 without projections, with a health check', () => {
  const es = stack().services.eventstore;
  assert.is(es.image, 'eventstore/eventstore:24.10');
  assert.is(es.environment.EVENTSTORE_INSECURE, 'true');
  assert.is(es.environment.EVENTSTORE_RUN_PROJECTIONS, 'None');
  assert.is(es.environment.EVENTSTORE_ENABLE_ATOM_PUB_OVER_HTTP, 'true');
  assert.ok(es.healthcheck.test.join(' ').includes('2113/health/live'));
  assert.equal(mounts(es), ['eventstore-data:/var/lib/eventstore']);
});

test('postgres: 15 with the database the services use, a volume and pg_isready', () => {
  const pg = stack().services.postgres;
  assert.is(pg.image, 'postgres:15');
  assert.is(pg.environment.POSTGRES_PASSWORD, 'postgres');
  assert.is(pg.environment.POSTGRES_DB, 'ops');
  assert.ok(pg.healthcheck.test.join(' ').includes('pg_isready'));
  assert.equal(mounts(pg), ['postgres-data:/var/lib/postgresql/data']);
});

test('nats: 2.10 with JetStream storing on its volume', () => {
  const nats = stack().services.nats;
  assert.is(nats.image, 'nats:2.10');
  assert.equal(nats.command, ['-js', '-sd', '/data']);
  assert.equal(mounts(nats), ['nats-data:/data']);
});

test('api, projector and worker: one image, their npm scripts, the production environment', () => {
  const expected: Record<string, { command: string[]; env: Record<string, string> }> = {
    api: { command: ['npm', 'start'], env: { ...SERVICE_ENV, TILE_STORE_DIR: TILES } },
    projector: { command: ['npm', 'run', 'projector'], env: SERVICE_ENV },
    worker: { command: ['npm', 'run', 'worker'], env: { ...SERVICE_ENV, TILE_STORE_DIR: TILES } },
  };
  for (const [name, want] of Object.entries(expected)) {
    const service = stack().services[name];
    assert.equal(service.command, want.command, `${name} command`);
    assert.equal(service.environment, want.env, `${name} environment`);
    assert.is(service.image, 'ops-terrain-service:latest', `${name} image`);
    assert.is(service.build.context.replace(/\/$/, ''), root.replace(/\/$/, ''), `${name} builds from the repository`);
    for (const dependency of ['eventstore', 'postgres']) {
      assert.is(service.depends_on[dependency].condition, 'service_healthy', `${name} waits for ${dependency}`);
    }
    assert.ok(service.depends_on.nats, `${name} starts after nats`);
  }
});

test('the API publishes 8080; API and workers share the tile volume; two workers', () => {
  assert.equal(ports(stack().services.api), ['8080:8080']);
  assert.equal(mounts(stack().services.api), [`tiles:${TILES}`]);
  assert.equal(mounts(stack().services.worker), [`tiles:${TILES}`]);
  assert.equal(mounts(stack().services.projector), []);
  assert.is(stack().services.worker.deploy.replicas, 2);
});

test('the commands the services run exist in the image a production install builds', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const script of ['start', 'projector', 'worker']) assert.ok(pkg.scripts[script], `npm script ${script}`);
  // The image installs with --omit=dev and runs TypeScript through tsx.
  assert.ok(pkg.dependencies.tsx, 'tsx is a runtime dependency');
  assert.ok(pkg.dependencies['@eventstore/db-client'], 'the EventStoreDB client is a runtime dependency');
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  assert.match(dockerfile, /^FROM node:24-bookworm-slim$/m, 'the supported runtime, Node 24 LTS');
  assert.match(dockerfile, /npm ci --omit=dev/);
  assert.match(dockerfile, /apt-get install [^\n]*fonts-dejavu-core/, "the map renderer's font");
  assert.match(dockerfile, /apt-get install [^\n]*gdal-bin/, "npm run import-source's ogr2ogr");
  assert.match(dockerfile, /^CMD \["npm", "start"\]$/m);
});

test('Compose refuses a broken stack (the check above can fail)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compose-'));
  try {
    const broken = join(dir, 'docker-compose.yml');
    writeFileSync(
      broken,
      [
        'services:',
        '  api:',
        '    image: ops-terrain-service:latest',
        '    depends_on:',
        '      missing:',
        '        condition: service_healthy',
        '    ports: "not a list"',
        '',
      ].join('\n'),
    );
    assert.throws(() => composeConfig(broken), /refused/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
