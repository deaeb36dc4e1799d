// /api/api-keys/: create (the full key is returned once), list (redacted), revoke.
import { Type } from '@sinclair/typebox';
import { createApiKey, revokeApiKey } from '../../commands/api-key-commands.ts';
import { getApiKey, listApiKeys } from '../../projections/queries/api-key-queries.ts';
import { DateTime, NonEmptyText } from '../../domain/shared/schema-types.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { writeOnce } from '../idempotent-write.ts';
import { authErrors, HTTPError } from '../common-schemas.ts';
import { notFound } from '../http-error.ts';

const ApiKey = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    account_id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    key: Type.String({ description: 'Redacted key: its public prefix followed by asterisks' }),
    key_prefix: Type.String(),
    created_at: DateTime,
    expires_at: Type.Union([DateTime, Type.Null()]),
    revoked_at: Type.Union([DateTime, Type.Null()]),
  },
  { title: 'ApiKey' },
);

const CreateApiKeyRequest = Type.Object(
  {
    name: NonEmptyText(200, 'What the key is for'),
    expires_at: Type.Optional(
      Type.Unsafe<string | null>({
        type: ['string', 'null'],
        format: 'date-time',
        description: 'When the key stops working',
      }),
    ),
    lifetime_days: Type.Optional(
      Type.Unsafe<number | null>({
        type: ['integer', 'null'],
        minimum: 1,
        maximum: 3650,
        description: 'Alternative to expires_at',
      }),
    ),
  },
  { additionalProperties: false, title: 'CreateApiKeyRequest' },
);

const CreateApiKeyResponse = Type.Composite(
  [
    Type.Omit(ApiKey, ['key']),
    Type.Object({ key: Type.String({ description: 'The full key. Shown only in this response; store it now.' }) }),
  ],
  { title: 'CreateApiKeyResponse' },
);

export const apiKeyRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: '/api/api-keys/',
    operationId: 'list_api_keys',
    summary: "The caller's account's active keys, redacted",
    tags: ['api-keys'],
    auth: true,
    responses: { 200: { description: 'Keys', schema: Type.Array(ApiKey) }, ...authErrors },
    async handler(ctx, { principal }) {
      ctx.body = await listApiKeys(deps.readModels, principal.account_id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/api-keys/',
    operationId: 'create_api_key',
    summary: "Create a key for the caller's account",
    tags: ['api-keys'],
    auth: true,
    body: CreateApiKeyRequest,
    idempotent: true,
    responses: { 200: { description: 'The key, in full this once', schema: CreateApiKeyResponse }, ...authErrors },
    async handler(ctx, { principal, body }) {
      // The secret is part of what a retry with the Idempotency-Key gets back (sealed with that key).
      const created = await writeOnce(ctx, deps, async () => {
        const { api_key_id, token, position } = await createApiKey(deps.store, commandContextOf(ctx), {
          account_id: principal.account_id,
          name: body.name,
          expires_at: body.expires_at ?? null,
          lifetime_days: body.lifetime_days ?? null,
        });
        return { api_key_id, token, position };
      });
      await awaitReadModels(deps, created.position, { id: created.api_key_id });
      const view = await getApiKey(deps.readModels, created.api_key_id);
      ctx.body = { ...view, key: created.token };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/api-keys/{api_key_id}',
    operationId: 'delete_api_key',
    summary: 'Revoke a key; answers the revoked key',
    tags: ['api-keys'],
    auth: true,
    params: Type.Object({ api_key_id: Type.String() }),
    responses: {
      200: { description: 'The revoked key', schema: ApiKey },
      404: { description: 'No such key in this account', schema: HTTPError },
      ...authErrors,
    },
    async handler(ctx, { principal, params }) {
      const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      if (!UUID.test(params.api_key_id)) throw notFound(`API key ${params.api_key_id}`);
      const id = params.api_key_id.toLowerCase();
      const revoked = await revokeApiKey(deps.store, commandContextOf(ctx), id, principal.account_id);
      // Refused at once by this process, whatever its key cache held (other processes: see api/cache/).
      deps.apiKeys.forget(id);
      await awaitReadModels(deps, revoked.position);
      deps.apiKeys.forget(id);
      ctx.body = await getApiKey(deps.readModels, id);
    },
  }),
];
