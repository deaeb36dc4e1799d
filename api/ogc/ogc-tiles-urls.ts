// Absolute URLs of the OGC Tiles resources, built from the request's origin (see request-origin.ts).
import { WEB_MERCATOR_QUAD } from './ogc-tiles-vocabulary.ts';

export function tilesRootUrl(origin: string): string {
  return `${origin}/api/ogc/tiles`;
}

export function tileMatrixSetUrl(origin: string): string {
  return `${tilesRootUrl(origin)}/tileMatrixSets/${WEB_MERCATOR_QUAD}`;
}

export function tileCollectionUrl(origin: string, collectionId: string): string {
  return `${tilesRootUrl(origin)}/collections/${collectionId}`;
}

/** The collection's list of tilesets. */
export function tilesetsUrl(origin: string, collectionId: string): string {
  return `${tileCollectionUrl(origin, collectionId)}/tiles`;
}

/** The collection's WebMercatorQuad tileset. */
export function tilesetUrl(origin: string, collectionId: string): string {
  return `${tilesetsUrl(origin, collectionId)}/${WEB_MERCATOR_QUAD}`;
}

/** URL template of the tiles: {tileMatrix} = zoom, {tileRow} = y, {tileCol} = x. */
export function tileUrlTemplate(origin: string, collectionId: string, extension: string): string {
  return `${tilesetUrl(origin, collectionId)}/{tileMatrix}/{tileRow}/{tileCol}.${extension}`;
}

export function mapTileCollectionsUrl(origin: string, mapId: string): string {
  return `${origin}/api/maps/${mapId}/ogc/tiles/collections`;
}
