// What a tile request may answer (README "OGC Tiles"), as caching policy and as the OpenAPI
// responses of the tile routes.
import { Type } from '@sinclair/typebox';
import type { ResponseSpec } from '../route-spec.ts';
import { authErrors, HTTPError } from '../common-schemas.ts';
import { TILE_STATUS_HEADER } from './ogc-tiles-vocabulary.ts';

/** A ready tile may be cached briefly by the client; the key is required, so shared caches are not invited. */
export const READY_CACHE_CONTROL = 'private, max-age=300';
/** An empty tile may fill once a job covers it: cache it briefly. */
export const EMPTY_CACHE_CONTROL = 'private, max-age=60';
export const NOT_READY_CACHE_CONTROL = 'no-store';
export const NOT_READY_RETRY_AFTER_S = 5;
export const STORAGE_RETRY_AFTER_S = 30;

export const jsonResponse = (description: string, schema: ResponseSpec['schema']): Record<number, ResponseSpec> => ({
  200: { description, schema },
  ...authErrors,
});

export const unknownCollectionResponse: ResponseSpec = { description: 'Unknown collection', schema: HTTPError };

export const tileResponses = (mediaType: string): Record<number, ResponseSpec> => ({
  200: {
    description: 'The tile',
    contentType: mediaType,
    schema: Type.String({ format: 'binary' }),
    headers: {
      ETag: { description: 'Strong ETag from the tile bytes', schema: Type.String() },
      'Cache-Control': { description: READY_CACHE_CONTROL, schema: Type.String() },
      [TILE_STATUS_HEADER]: { description: 'ready', schema: Type.String() },
    },
  },
  204: {
    description:
      'No tile: empty (nothing prepared at this address, an empty vector tile, or the phase failed, was blocked or ' +
      'canceled) or not-ready (a running job is preparing it; retry after Retry-After seconds)',
    headers: {
      [TILE_STATUS_HEADER]: {
        description: 'empty or not-ready',
        schema: Type.Unsafe<string>({ type: 'string', enum: ['empty', 'not-ready'] }),
      },
      'Retry-After': {
        description: `Seconds before retrying a not-ready tile (${NOT_READY_RETRY_AFTER_S})`,
        schema: Type.Integer(),
      },
      'Cache-Control': {
        description: `${EMPTY_CACHE_CONTROL} when empty, ${NOT_READY_CACHE_CONTROL} when not ready`,
        schema: Type.String(),
      },
    },
  },
  304: {
    description: 'If-None-Match matched: the stored tile is unchanged',
    headers: { ETag: { description: 'The current ETag', schema: Type.String() } },
  },
  ...authErrors,
  404: {
    description:
      "Unknown collection, an extension other than the collection's, a zoom outside 8..12, or a row/column outside the " +
      "zoom's matrix",
    schema: HTTPError,
  },
  503: {
    description: 'Tile storage unavailable',
    schema: HTTPError,
    headers: { 'Retry-After': { description: 'Seconds before retrying', schema: Type.Integer() } },
  },
});
