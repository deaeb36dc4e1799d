// The tile requests a map client sends by the thousand, answered ahead of Koa (issue 9: tiles near
// static-file speed). Only the plain case is taken here: GET of a well-formed tile URL without a
// query, a key that authenticates, an answer of 200, 204 or 304. Anything else (no or bad key, a
// 404, storage trouble, a query string) is left to the Koa route, which answers it with the
// service's usual error bodies; both call the same authenticate and answerTile.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiDependencies } from '../api-dependencies.ts';
import { authenticate, knownPrincipal } from '../middleware/authenticate.ts';
import { answerTile, answerTileFromMemory, type TileAnswer, type TileRequest } from './serve-tile.ts';
import { WEB_MERCATOR_QUAD } from './ogc-tiles-vocabulary.ts';

const TILE_PATH = new RegExp(
  `^/api/ogc/tiles/collections/([A-Za-z0-9_-]{1,64})/tiles/${WEB_MERCATOR_QUAD}/(0|[1-9][0-9]?)/(0|[1-9][0-9]{0,8})/(0|[1-9][0-9]{0,8})\\.(png|mvt|pbf)$`,
);

/** Answers `req` and gives true, or gives false (having written nothing) to pass it on. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

type FastPathDeps = Pick<ApiDependencies, 'apiKeys' | 'tileReadiness' | 'tileBodies' | 'logger'>;

function send(res: ServerResponse, answer: TileAnswer): true {
  res.writeHead(answer.status, answer.headers as Record<string, string>);
  res.end(answer.body ?? undefined);
  return true;
}

async function answerAfterLookups(
  deps: FastPathDeps,
  req: IncomingMessage,
  res: ServerResponse,
  extension: string,
  params: TileRequest,
) {
  try {
    await authenticate(deps.apiKeys, req.headers.authorization);
    return send(res, await answerTile(deps, extension, params, req.headers['if-none-match']));
  } catch {
    return false;
  }
}

export function tileFastPath(deps: FastPathDeps): FastPath {
  return (req, res) => {
    if (req.method !== 'GET' || !req.url) return false;
    const match = TILE_PATH.exec(req.url);
    if (!match) return false;
    const extension = match[5]!;
    const params = {
      collectionId: match[1]!,
      tileMatrix: Number(match[2]),
      tileRow: Number(match[3]),
      tileCol: Number(match[4]),
    };
    try {
      // Synchronous when memory holds the key check, the readiness and the bytes (the usual case).
      const answer = knownPrincipal(deps.apiKeys, req.headers.authorization)
        ? answerTileFromMemory(deps, extension, params, req.headers['if-none-match'])
        : undefined;
      if (answer) return send(res, answer);
    } catch {
      return false;
    }
    return answerAfterLookups(deps, req, res, extension, params);
  };
}
