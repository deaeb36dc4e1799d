// Read-model schema as knex migrations. Read models are disposable: `npm run rebuild` rolls every
// migration back and replays the log. Later issues append migrations to this list.
import type { Knex } from 'knex';

export interface ReadModelMigration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export const readModelMigrations: ReadModelMigration[] = [
  {
    name: '0001_foundation',
    async up(knex) {
      await knex.schema.createTable('projection_checkpoints', (t) => {
        t.text('name').primary();
        t.bigInteger('position').notNullable();
      });
      await knex.schema.createTable('accounts', (t) => {
        t.uuid('account_id').primary();
        t.text('name').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
      });
      await knex.schema.createTable('api_keys', (t) => {
        t.uuid('api_key_id').primary();
        t.uuid('account_id').notNullable().index();
        t.text('name').notNullable();
        t.text('key_prefix').notNullable();
        t.text('secret_sha256').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('expires_at', { useTz: true });
        t.timestamp('revoked_at', { useTz: true });
      });
      await knex.schema.createTable('operations', (t) => {
        t.uuid('operation_id').primary();
        t.uuid('account_id').notNullable();
        t.text('name').notNullable();
        t.text('unit').notNullable();
        t.text('branch').notNullable();
        t.text('echelon').notNullable();
        t.uuid('unit_id');
        t.uuid('parent_id');
        t.text('description');
        t.integer('revision').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.timestamp('deleted_at', { useTz: true });
        t.index(['account_id', 'created_at']);
      });
      await knex.schema.createTable('operation_history', (t) => {
        t.bigInteger('position').primary();
        t.uuid('operation_id').notNullable();
        t.text('stream_id').notNullable();
        t.integer('revision').notNullable();
        t.text('type').notNullable();
        t.integer('version').notNullable();
        t.timestamp('occurred_at', { useTz: true }).notNullable();
        t.uuid('account_id');
        t.uuid('api_key_id');
        t.uuid('correlation_id');
        t.uuid('causation_id');
        t.jsonb('data').notNullable();
        t.index(['operation_id', 'position']);
      });
    },
    async down(knex) {
      for (const table of ['operation_history', 'operations', 'api_keys', 'accounts', 'projection_checkpoints']) {
        await knex.schema.dropTableIfExists(table);
      }
    },
  },
  {
    // Maps, their layers, and one row per feature of each layer's current version. `bounds` is
    // PostgreSQL's native box type under a GiST index, so a bbox query is an index scan (no PostGIS:
    // box and GiST are core PostgreSQL, and PGlite, the embedded default, has them too); the exact
    // geometry test runs in code on the index's candidates.
    name: '0002_maps',
    async up(knex) {
      await knex.schema.createTable('maps', (t) => {
        t.uuid('map_id').primary();
        t.uuid('operation_id').notNullable();
        t.uuid('account_id').notNullable();
        t.text('name').notNullable();
        t.integer('revision').notNullable();
        t.bigInteger('created_position').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.index(['operation_id', 'created_position']);
      });
      await knex.schema.createTable('map_layers', (t) => {
        t.uuid('layer_id').primary();
        t.uuid('map_id').notNullable();
        t.text('layer_type').notNullable();
        t.text('title').notNullable();
        t.integer('version').notNullable();
        t.integer('feature_count').notNullable();
        t.double('min_lon');
        t.double('min_lat');
        t.double('max_lon');
        t.double('max_lat');
        t.timestamp('time_min', { useTz: true });
        t.timestamp('time_max', { useTz: true });
        t.bigInteger('created_position').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.index(['map_id', 'created_position']);
      });
      await knex.schema.createTable('map_features', (t) => {
        t.uuid('layer_id').notNullable();
        t.integer('ordinal').notNullable();
        t.uuid('feature_id').notNullable();
        t.integer('layer_version').notNullable();
        t.specificType('bounds', 'box').notNullable();
        t.timestamp('feature_time', { useTz: true }).notNullable();
        t.jsonb('feature').notNullable();
        t.primary(['layer_id', 'ordinal']);
        t.unique(['layer_id', 'feature_id']);
      });
      await knex.raw('create index map_features_bounds_gist on map_features using gist (bounds)');
    },
    async down(knex) {
      for (const table of ['map_features', 'map_layers', 'maps']) await knex.schema.dropTableIfExists(table);
    },
  },
  {
    name: '0003_terrain_jobs',
    async up(knex) {
      await knex.schema.createTable('terrain_jobs', (t) => {
        t.uuid('job_id').primary();
        t.uuid('map_id').notNullable();
        t.uuid('operation_id').notNullable();
        t.uuid('account_id').notNullable();
        t.text('status').notNullable();
        t.integer('work_zoom').notNullable();
        /** The aggregate's state (terrain-job-state.ts), folded by the projector. */
        t.jsonb('state').notNullable();
        /** The interface's terrain job shape, as GET returns it. */
        t.jsonb('snapshot').notNullable();
        t.bigInteger('requested_position').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.index(['map_id', 'requested_position']);
      });
      // Which work tiles each job covers: the tile server's "is this address being prepared?".
      await knex.schema.createTable('terrain_job_tiles', (t) => {
        t.uuid('job_id').notNullable();
        t.integer('x').notNullable();
        t.integer('y').notNullable();
        t.primary(['job_id', 'x', 'y']);
        t.index(['x', 'y']);
      });
    },
    async down(knex) {
      for (const table of ['terrain_job_tiles', 'terrain_jobs']) await knex.schema.dropTableIfExists(table);
    },
  },
  {
    name: '0004_planning_records',
    async up(knex) {
      // Mission analysis and WARNO records: one row per operation, kind and type.
      await knex.schema.createTable('planning_records', (t) => {
        t.uuid('record_id').primary();
        t.text('kind').notNullable();
        t.uuid('operation_id').notNullable();
        t.uuid('account_id').notNullable();
        t.text('type').notNullable();
        t.text('text');
        t.jsonb('text_updated_by');
        t.jsonb('items').notNullable();
        /** Number of changes (the ETag); the stream revision + 1. */
        t.integer('version').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.unique(['operation_id', 'kind', 'type']);
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('planning_records');
    },
  },
  {
    name: '0005_coa_statements',
    async up(knex) {
      // COA attributes are planning records of kind coa_attribute, one per statement and field:
      // the (operation, kind, type) key of mission analysis and WARNO no longer holds for them.
      await knex.schema.alterTable('planning_records', (t) => {
        t.uuid('coa_statement_id');
        t.dropUnique(['operation_id', 'kind', 'type']);
        t.index(['operation_id', 'kind', 'type']);
        t.index(['coa_statement_id']);
      });
      await knex.schema.createTable('coa_statements', (t) => {
        t.uuid('coa_statement_id').primary();
        t.uuid('operation_id').notNullable();
        t.uuid('account_id').notNullable();
        t.text('name').notNullable();
        t.text('description');
        t.uuid('sketch_map_id');
        t.jsonb('screening').notNullable();
        t.jsonb('section_order').notNullable();
        t.jsonb('created_by').notNullable();
        t.jsonb('updated_by').notNullable();
        t.integer('version').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.timestamp('deleted_at', { useTz: true });
        t.index(['operation_id', 'created_at']);
        t.index(['account_id', 'created_at']);
      });
      await knex.schema.createTable('coa_statement_sections', (t) => {
        t.uuid('section_id').primary();
        t.uuid('coa_statement_id').notNullable();
        t.uuid('operation_id').notNullable();
        t.uuid('account_id').notNullable();
        t.text('title').notNullable();
        t.text('content');
        t.text('field');
        t.bigInteger('added_position').notNullable();
        t.jsonb('created_by').notNullable();
        t.jsonb('updated_by').notNullable();
        t.integer('version').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.timestamp('removed_at', { useTz: true });
        t.index(['coa_statement_id', 'added_position']);
      });
      await knex.schema.createTable('llm_simulations', (t) => {
        t.uuid('simulation_id').primary();
        t.uuid('coa_statement_id').notNullable();
        t.uuid('operation_id').notNullable();
        t.uuid('account_id').notNullable();
        t.text('title').notNullable();
        t.text('method').notNullable();
        t.text('enemy_coa');
        t.jsonb('turns').notNullable();
        t.jsonb('assessments').notNullable();
        t.text('summary');
        t.jsonb('inputs').notNullable();
        t.text('model');
        t.jsonb('created_by').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('deleted_at', { useTz: true });
        t.index(['coa_statement_id', 'created_at']);
      });
    },
    async down(knex) {
      for (const table of ['llm_simulations', 'coa_statement_sections', 'coa_statements'])
        await knex.schema.dropTableIfExists(table);
      await knex('planning_records').where({ kind: 'coa_attribute' }).delete();
      await knex.schema.alterTable('planning_records', (t) => {
        t.dropIndex(['coa_statement_id']);
        t.dropIndex(['operation_id', 'kind', 'type']);
        t.dropColumn('coa_statement_id');
        t.unique(['operation_id', 'kind', 'type']);
      });
    },
  },
  {
    name: '0006_documents',
    async up(knex) {
      await knex.schema.createTable('documents', (t) => {
        t.uuid('document_id').primary();
        t.uuid('operation_id').notNullable();
        t.uuid('account_id').notNullable();
        t.uuid('upload_id').notNullable();
        t.text('storage_key').notNullable();
        t.text('file_name').notNullable();
        t.text('media_type').notNullable();
        t.text('declared_media_type');
        t.bigInteger('size').notNullable();
        t.text('sha256').notNullable();
        t.text('description');
        t.text('classification');
        t.jsonb('uploaded_by').notNullable();
        t.text('text_status').notNullable();
        t.text('text_key');
        t.integer('page_count');
        t.integer('characters');
        t.boolean('text_truncated').notNullable();
        t.text('failure_code');
        t.text('failure_message');
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.timestamp('deleted_at', { useTz: true });
        t.index(['operation_id', 'created_at']);
        t.index(['storage_key']);
        t.index(['text_status']);
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('documents');
    },
  },
  {
    // Browser login: sessions (only the secret's hash) and the OpenID identities linked to accounts.
    name: '0007_sessions',
    async up(knex) {
      await knex.schema.createTable('sessions', (t) => {
        t.uuid('session_id').primary();
        t.uuid('account_id').notNullable().index();
        t.uuid('identity_id').notNullable();
        t.text('secret_sha256').notNullable();
        t.timestamp('started_at', { useTz: true }).notNullable();
        t.timestamp('last_seen_at', { useTz: true }).notNullable();
        t.timestamp('expires_at', { useTz: true }).notNullable();
        t.integer('idle_timeout_seconds').notNullable();
        t.timestamp('ended_at', { useTz: true });
        t.text('end_reason');
      });
      await knex.schema.createTable('identities', (t) => {
        t.uuid('identity_id').primary();
        t.text('issuer').notNullable();
        t.text('subject').notNullable();
        t.uuid('account_id').notNullable().index();
        t.text('linked_by').notNullable();
        t.timestamp('linked_at', { useTz: true }).notNullable();
      });
    },
    async down(knex) {
      for (const table of ['identities', 'sessions']) await knex.schema.dropTableIfExists(table);
    },
  },
  {
    name: '0008_analysis_jobs',
    async up(knex) {
      // Analyses of maps (domain/analysis-job): one row per analysis, the aggregate's state folded
      // by the projector; GET builds its answer from it.
      await knex.schema.createTable('analysis_jobs', (t) => {
        t.uuid('analysis_id').primary();
        t.uuid('map_id').notNullable();
        t.uuid('operation_id').notNullable();
        t.uuid('account_id').notNullable();
        t.text('analysis_type').notNullable();
        t.text('status').notNullable();
        t.uuid('layer_id');
        t.jsonb('state').notNullable();
        t.bigInteger('requested_position').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.index(['map_id', 'requested_position']);
        t.index(['status']);
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('analysis_jobs');
    },
  },
  {
    name: '0009_generation_jobs',
    async up(knex) {
      // Generation jobs (domain/generation-job): one row per job, the aggregate's state folded by the
      // projector; GET /api/generation-jobs/{id} answers from it.
      await knex.schema.createTable('generation_jobs', (t) => {
        t.uuid('job_id').primary();
        t.uuid('operation_id').notNullable();
        t.uuid('account_id').notNullable();
        t.text('target_kind').notNullable();
        t.uuid('record_id').notNullable();
        t.text('status').notNullable();
        t.jsonb('state').notNullable();
        t.bigInteger('requested_position').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.index(['record_id', 'requested_position']);
        t.index(['status']);
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('generation_jobs');
    },
  },
  {
    name: '0010_terrain_questions',
    async up(knex) {
      // Terrain questions (domain/terrain-question): one row per question, the aggregate's state folded
      // by the projector; GET /api/terrain-questions/{id} and the map's list answer from it.
      await knex.schema.createTable('terrain_questions', (t) => {
        t.uuid('question_id').primary();
        t.uuid('map_id').notNullable();
        t.uuid('operation_id').notNullable();
        t.uuid('account_id').notNullable();
        t.text('status').notNullable();
        t.jsonb('state').notNullable();
        t.bigInteger('requested_position').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.index(['map_id', 'requested_position']);
        t.index(['status']);
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('terrain_questions');
    },
  },
  {
    name: '0011_generated_maps',
    async up(knex) {
      // Generated maps (domain/generated-map): one row per operation and asset path, the newest
      // rendering; GET /api/operations/{id}/generated-maps/ lists them.
      await knex.schema.createTable('generated_maps', (t) => {
        t.uuid('generated_map_id').primary();
        t.uuid('operation_id').notNullable();
        t.uuid('map_id').notNullable();
        t.text('asset_path').notNullable();
        t.text('kind').notNullable();
        t.text('title').notNullable();
        t.jsonb('inputs').notNullable();
        t.text('input_hash').notNullable();
        t.text('renderer_version').notNullable();
        t.text('blob_key').notNullable();
        t.text('content_type').notNullable();
        t.integer('size').notNullable();
        t.text('sha256').notNullable();
        t.integer('width').notNullable();
        t.integer('height').notNullable();
        t.integer('renderings').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.unique(['operation_id', 'asset_path']);
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('generated_maps');
    },
  },
  {
    name: '0012_llm_simulation_seed',
    async up(knex) {
      // A wargame record keeps the seed it was generated with (reproducibility).
      await knex.schema.alterTable('llm_simulations', (t) => {
        t.integer('seed');
      });
    },
    async down(knex) {
      await knex.schema.alterTable('llm_simulations', (t) => {
        t.dropColumn('seed');
      });
    },
  },
  {
    name: '0013_document_orders',
    async up(knex) {
      // The orders read from each document (domain/orders/document-orders-decider.ts);
      // GET /api/operations/{id}/orders lists those of the operation's live documents.
      await knex.schema.createTable('document_orders', (t) => {
        t.uuid('document_id').primary();
        t.uuid('operation_id').notNullable().index();
        t.uuid('account_id').notNullable();
        t.uuid('upload_id').notNullable();
        t.text('status').notNullable();
        t.text('text_status').notNullable();
        t.jsonb('orders');
        t.integer('record_version');
        t.timestamp('read_at', { useTz: true });
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists('document_orders');
    },
  },
];

/** knex's MigrationSource over the list above. */
export function readModelMigrationSource(
  migrations: ReadModelMigration[] = readModelMigrations,
): Knex.MigrationSource<ReadModelMigration> {
  return {
    getMigrations: async () => migrations,
    getMigrationName: (m) => m.name,
    getMigration: async (m) => m,
  };
}

export async function migrateReadModels(knex: Knex, schema: string): Promise<void> {
  await knex.migrate.latest({
    migrationSource: readModelMigrationSource(),
    schemaName: schema,
    tableName: 'read_model_migrations',
  });
}

export async function dropReadModels(knex: Knex, schema: string): Promise<void> {
  await knex.migrate.rollback(
    { migrationSource: readModelMigrationSource(), schemaName: schema, tableName: 'read_model_migrations' },
    true,
  );
}
