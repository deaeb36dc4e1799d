// Absolute URLs of a map's OGC API Features resources, built from the request's origin (with
// TRUST_PROXY, as X-Forwarded-Proto/Host say), and the layer--<uuid> collection ids.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLLECTION_PREFIX = 'layer--';

export function collectionIdOf(layerId: string): string {
  return `${COLLECTION_PREFIX}${layerId}`;
}

/** The layer id inside a collection id, or null when it is not layer--<uuid>. */
export function layerIdOf(collectionId: string): string | null {
  if (!collectionId.startsWith(COLLECTION_PREFIX)) return null;
  const id = collectionId.slice(COLLECTION_PREFIX.length);
  return UUID.test(id) ? id.toLowerCase() : null;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function featuresRootUrl(origin: string, mapId: string): string {
  return `${origin}/api/maps/${mapId}/ogc/features`;
}

export function collectionUrl(origin: string, mapId: string, layerId: string): string {
  return `${featuresRootUrl(origin, mapId)}/collections/${collectionIdOf(layerId)}`;
}

export function itemsUrl(origin: string, mapId: string, layerId: string): string {
  return `${collectionUrl(origin, mapId, layerId)}/items`;
}

/** A query string that keeps ',', ':' and '/' readable (bbox and datetime values). */
export function withQuery(url: string, params: Record<string, string | number | undefined>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(
      ([k, v]) =>
        `${k}=${encodeURIComponent(String(v)).replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%2F/gi, '/')}`,
    );
  return parts.length === 0 ? url : `${url}?${parts.join('&')}`;
}
