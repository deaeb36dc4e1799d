import type { Knex } from 'knex';
import { iso } from './iso.ts';

export interface ApiKeyView {
  id: string;
  account_id: string;
  name: string;
  /** Redacted: the key's public prefix followed by asterisks. */
  key: string;
  key_prefix: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface ApiKeyRow {
  api_key_id: string;
  account_id: string;
  name: string;
  key_prefix: string;
  secret_sha256: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
}

export function redactedKey(prefix: string): string {
  return `${prefix}${'*'.repeat(12)}`;
}

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.api_key_id,
    account_id: row.account_id,
    name: row.name,
    key: redactedKey(row.key_prefix),
    key_prefix: row.key_prefix,
    created_at: iso(row.created_at)!,
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
  };
}

export async function listApiKeys(knex: Knex, accountId: string): Promise<ApiKeyView[]> {
  const rows: ApiKeyRow[] = await knex('api_keys')
    .where({ account_id: accountId })
    .whereNull('revoked_at')
    .orderBy([{ column: 'created_at' }, { column: 'api_key_id' }]);
  return rows.map(toView);
}

export async function getApiKey(knex: Knex, apiKeyId: string): Promise<ApiKeyView | null> {
  const row: ApiKeyRow | undefined = await knex('api_keys').where({ api_key_id: apiKeyId }).first();
  return row ? toView(row) : null;
}

/** What authentication needs: hash, owner and validity. */
export interface ApiKeyCredential {
  api_key_id: string;
  account_id: string;
  secret_sha256: string;
  expires_at: Date | null;
  revoked: boolean;
}

export async function findApiKeyCredential(knex: Knex, apiKeyId: string): Promise<ApiKeyCredential | null> {
  const row: ApiKeyRow | undefined = await knex('api_keys').where({ api_key_id: apiKeyId }).first();
  if (!row) return null;
  return {
    api_key_id: row.api_key_id,
    account_id: row.account_id,
    secret_sha256: row.secret_sha256,
    expires_at: row.expires_at ? new Date(row.expires_at) : null,
    revoked: row.revoked_at !== null,
  };
}

export async function findAccountByName(knex: Knex, name: string) {
  return knex('accounts').where({ name }).first();
}
