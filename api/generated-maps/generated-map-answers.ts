// Serving logic of generated maps (README "Generated maps"): an asset's listing entry, and the bytes
// of the newest rendering at a path with a strong ETag (the first 128 bits of its SHA-256, the same
// tag api/ogc/content-etag.ts gives any bytes) and 304 on a matching If-None-Match.
import type { GeneratedMapRow } from '../../projections/projectors/generated-map-projector.ts';
import { findGeneratedMap } from '../../projections/queries/generated-map-queries.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { HttpError, notFound } from '../http-error.ts';
import { ifNoneMatchMatches } from '../ogc/if-none-match-matches.ts';
import { iso } from '../../projections/queries/iso.ts';

/** Every request revalidates (a cheap 304): the asset at a path changes when its inputs do. */
export const GENERATED_MAP_CACHE_CONTROL = 'private, no-cache';

export const generatedMapEtag = (sha256: string) => `"${sha256.slice(0, 32)}"`;

export const generatedMapHref = (origin: string, operationId: string, assetPath: string) =>
  `${origin}/api/operations/${operationId}/generated-maps/${assetPath}`;

export function generatedMapView(origin: string, row: GeneratedMapRow) {
  return {
    path: row.asset_path,
    title: row.title,
    kind: row.kind,
    map_id: row.map_id,
    inputs: row.inputs,
    input_hash: row.input_hash,
    renderer_version: row.renderer_version,
    created_at: iso(row.created_at),
    content_type: row.content_type,
    size: row.size,
    width: row.width,
    height: row.height,
    etag: generatedMapEtag(row.sha256),
    renderings: row.renderings,
    links: [
      {
        rel: 'self',
        href: generatedMapHref(origin, row.operation_id, row.asset_path),
        type: row.content_type,
        title: row.title,
      },
    ],
  };
}

export interface GeneratedMapAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The newest rendering at `assetPath`; 404 when the operation has none there. */
export async function answerGeneratedMap(
  deps: Pick<ApiDependencies, 'readModels' | 'blobStore'>,
  operationId: string,
  assetPath: string,
  ifNoneMatch: string | undefined,
): Promise<GeneratedMapAnswer> {
  const row = await findGeneratedMap(deps.readModels, operationId, assetPath);
  if (!row) throw notFound(`Generated map ${assetPath} of operation ${operationId}`);
  const etag = generatedMapEtag(row.sha256);
  const headers = { ETag: etag, 'Cache-Control': GENERATED_MAP_CACHE_CONTROL };
  if (ifNoneMatch && ifNoneMatchMatches(ifNoneMatch, etag)) return { status: 304, headers, body: null };
  const bytes = await deps.blobStore.get(row.blob_key);
  if (!bytes) {
    throw new HttpError(503, `Generated map ${assetPath} is recorded but its bytes are not in storage; retry later`);
  }
  return {
    status: 200,
    headers: { ...headers, 'Content-Type': row.content_type, 'Content-Length': String(bytes.byteLength) },
    body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}
