// Serving one tile (README "OGC Tiles"): the address is checked, readiness and the bytes with their
// ETag come from the API's memory caches (api/cache/), the read models and blob store on a miss.
// answerTile is framework-free, so the Koa route and the fast path (tile-fast-path.ts) answer alike.
import type Koa from 'koa';
import type { TileAddress } from '../../domain/terrain/types.ts';
import { assertTileAddress } from '../../domain/terrain/assert-tile-address.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import type { TileBody } from '../cache/tile-body-cache.ts';
import { HttpError, notFound } from '../http-error.ts';
import { TILE_STATUS_HEADER } from './ogc-tiles-vocabulary.ts';
import { findTileCollection, TILE_MAX_ZOOM, TILE_MIN_ZOOM, type TileCollection } from './tile-collections.ts';
import { ifNoneMatchMatches } from './if-none-match-matches.ts';
import {
  EMPTY_CACHE_CONTROL,
  NOT_READY_CACHE_CONTROL,
  NOT_READY_RETRY_AFTER_S,
  READY_CACHE_CONTROL,
  STORAGE_RETRY_AFTER_S,
} from './tile-responses.ts';

export interface TileRequest {
  collectionId: string;
  tileMatrix: number;
  tileRow: number;
  tileCol: number;
}

export function requireTileCollection(id: string): TileCollection {
  const collection = findTileCollection(id);
  if (!collection) throw notFound(`Collection ${id}`);
  return collection;
}

/** The collection and tile a request names, or a 404 saying what is wrong with it. */
function resolveTile(extension: string, params: TileRequest): { collection: TileCollection; tile: TileAddress } {
  const collection = requireTileCollection(params.collectionId);
  if (!collection.extensions.includes(extension)) {
    throw notFound(
      `Collection ${collection.id} has ${collection.extensions.map((e) => `.${e}`).join(' or ')} tiles, not .${extension}`,
    );
  }
  const tile: TileAddress = { z: params.tileMatrix, x: params.tileCol, y: params.tileRow };
  if (tile.z < TILE_MIN_ZOOM || tile.z > TILE_MAX_ZOOM) {
    throw notFound(`Tile matrix ${tile.z}: ${collection.id} has tiles at zooms ${TILE_MIN_ZOOM} to ${TILE_MAX_ZOOM}`);
  }
  try {
    assertTileAddress(tile);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const last = 2 ** tile.z - 1;
    throw notFound(
      `Tile ${tile.z}/${tile.y}/${tile.x} (matrix/row/col) is outside the zoom-${tile.z} matrix (rows and columns 0 to ${last})`,
    );
  }
  return { collection, tile };
}

/** What a tile request answers, whatever serves it (the Koa route or the fast path); shared, read-only. */
export interface TileAnswer {
  readonly status: 200 | 204 | 304;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | null;
}

const noTile = (status: 'empty' | 'not-ready'): TileAnswer => ({
  status: 204,
  headers:
    status === 'not-ready'
      ? {
          [TILE_STATUS_HEADER]: status,
          'Retry-After': String(NOT_READY_RETRY_AFTER_S),
          'Cache-Control': NOT_READY_CACHE_CONTROL,
        }
      : { [TILE_STATUS_HEADER]: status, 'Cache-Control': EMPTY_CACHE_CONTROL },
  body: null,
});

// The 200 and 304 answers of a tile are built once and kept beside its bytes (never modified).
const readyAnswers = new WeakMap<TileBody, { ok: TileAnswer; notModified: TileAnswer }>();

function readyAnswer(collection: TileCollection, body: TileBody, ifNoneMatch: string | undefined): TileAnswer {
  let answers = readyAnswers.get(body);
  if (!answers) {
    const headers = { ETag: body.etag, 'Cache-Control': READY_CACHE_CONTROL, [TILE_STATUS_HEADER]: 'ready' };
    answers = {
      ok: {
        status: 200,
        headers: { ...headers, 'Content-Type': collection.mediaType, 'Content-Length': String(body.bytes.length) },
        body: body.bytes,
      },
      notModified: { status: 304, headers, body: null },
    };
    readyAnswers.set(body, answers);
  }
  return ifNoneMatch && ifNoneMatchMatches(ifNoneMatch, body.etag) ? answers.notModified : answers.ok;
}

type TileDeps = Pick<ApiDependencies, 'tileReadiness' | 'tileBodies' | 'logger'>;

/** The answer to a tile request; throws HttpError 404 for a bad address, 503 when storage fails. */
export async function answerTile(
  deps: TileDeps,
  extension: string,
  params: TileRequest,
  ifNoneMatch: string | undefined,
): Promise<TileAnswer> {
  const { collection, tile } = resolveTile(extension, params);
  const readiness = await deps.tileReadiness.get({ tile, phase: collection.phase, dataset: collection.dataset });
  if (readiness.status !== 'ready') return noTile(readiness.status);
  let body;
  try {
    body = await deps.tileBodies.get(collection.id, readiness.fingerprint, tile);
  } catch (error) {
    deps.logger.error({ err: error, collection: collection.id, tile }, 'tile storage read failed');
    throw new HttpError(503, 'Tile storage is unavailable; retry later', {
      'Retry-After': String(STORAGE_RETRY_AFTER_S),
    });
  }
  // A 0-byte tile is an empty vector tile stored as a fact; a missing one was never built
  // (a partial phase, or a zoom the pyramid did not reach): both are empty.
  if (!body) return noTile('empty');
  return readyAnswer(collection, body, ifNoneMatch);
}

/** The same answer when memory alone gives it (readiness and bytes cached), else undefined. */
export function answerTileFromMemory(
  deps: TileDeps,
  extension: string,
  params: TileRequest,
  ifNoneMatch: string | undefined,
): TileAnswer | undefined {
  const { collection, tile } = resolveTile(extension, params);
  const readiness = deps.tileReadiness.peek({ tile, phase: collection.phase, dataset: collection.dataset });
  if (!readiness) return undefined;
  if (readiness.status !== 'ready') return noTile(readiness.status);
  const body = deps.tileBodies.peek(collection.id, readiness.fingerprint, tile);
  return body ? readyAnswer(collection, body, ifNoneMatch) : undefined;
}

/** The Koa route's handler. */
export async function serveTile(
  deps: ApiDependencies,
  ctx: Koa.Context,
  extension: string,
  params: TileRequest,
): Promise<void> {
  const answer = await answerTile(deps, extension, params, ctx.get('if-none-match') || undefined);
  ctx.set(answer.headers as Record<string, string>);
  ctx.status = answer.status;
  if (answer.body) ctx.body = answer.body;
}
