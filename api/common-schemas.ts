// Schemas shared by many routes: FastAPI error bodies, MessageResponse, list envelopes, paging.
import { Type, type TSchema } from '@sinclair/typebox';
import type { ResponseSpec } from './route-spec.ts';

export const MessageResponse = Type.Object(
  {
    message: Type.String(),
    id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'The resource created or changed, where the request names none (e.g. a new section)',
      }),
    ),
  },
  { $id: undefined, title: 'MessageResponse' },
);

export const HTTPError = Type.Object({ detail: Type.String() }, { title: 'HTTPError' });

export const HTTPValidationError = Type.Object(
  {
    detail: Type.Array(
      Type.Object({
        loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
        msg: Type.String(),
        type: Type.String(),
      }),
    ),
  },
  { title: 'HTTPValidationError' },
);

export const ListEnvelope = <T extends TSchema>(item: T, title: string) =>
  Type.Object(
    {
      items: Type.Array(item),
      total: Type.Integer({ minimum: 0 }),
      page: Type.Integer({ minimum: 1 }),
      size: Type.Integer({ minimum: 1 }),
      pages: Type.Integer({ minimum: 0 }),
    },
    { title },
  );

/** Highest page number a list accepts: with size ≤ 100, offsets stay below 10^8. */
export const MAX_PAGE = 1_000_000;

export const PageQuery = {
  page: Type.Integer({
    minimum: 1,
    maximum: MAX_PAGE,
    default: 1,
    description: `Page number, from 1 to ${MAX_PAGE} (decimal digits only)`,
  }),
  size: Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Items per page (1–100)' }),
};

/** A 503 of a write the read models have not caught up with: what was recorded, and where to read it. */
export const RecordedNotYetReadable = Type.Object(
  {
    detail: Type.String(),
    id: Type.Optional(Type.String({ description: 'The id of what the write created' })),
    location: Type.Optional(Type.String({ description: 'Where to read it (also in the Location header)' })),
    ids: Type.Optional(Type.Array(Type.String(), { description: 'Every id, when the write created several' })),
  },
  { title: 'RecordedNotYetReadable' },
);

/** Error responses every authenticated route can give. */
export const authErrors: Record<number, ResponseSpec> = {
  401: { description: 'Missing, malformed, unknown, expired or revoked API key', schema: HTTPError },
  422: { description: 'Validation error', schema: HTTPValidationError },
};

export const ownedResourceErrors: Record<number, ResponseSpec> = {
  ...authErrors,
  403: { description: 'The resource belongs to another account', schema: HTTPError },
  404: { description: 'No such resource', schema: HTTPError },
};
