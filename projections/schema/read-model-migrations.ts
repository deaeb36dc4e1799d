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
];

/** knex's MigrationSource over the list above. */
export function readModelMigrationSource(migrations: ReadModelMigration[] = readModelMigrations): Knex.MigrationSource<ReadModelMigration> {
  return {
    getMigrations: async () => migrations,
    getMigrationName: (m) => m.name,
    getMigration: async (m) => m,
  };
}

export async function migrateReadModels(knex: Knex, schema: string): Promise<void> {
  await knex.migrate.latest({ migrationSource: readModelMigrationSource(), schemaName: schema, tableName: 'read_model_migrations' });
}

export async function dropReadModels(knex: Knex, schema: string): Promise<void> {
  await knex.migrate.rollback({ migrationSource: readModelMigrationSource(), schemaName: schema, tableName: 'read_model_migrations' }, true);
}
