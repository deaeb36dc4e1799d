// Link objects of the OGC API documents (Features, Tiles and the map documents that point at
// them): one shape, and the landing-page set every OGC API root carries.
import { JSON_TYPE, OPENAPI_JSON } from './ogc-media-types.ts';

export interface OgcLinkObject {
  href: string;
  rel: string;
  type?: string;
  title?: string;
  templated?: boolean;
}

export function ogcLink(href: string, rel: string, type: string = JSON_TYPE, title?: string): OgcLinkObject {
  return title === undefined ? { href, rel, type } : { href, rel, type, title };
}

/** The document's own URL. */
export function selfLink(href: string, title = 'This document', type: string = JSON_TYPE): OgcLinkObject {
  return ogcLink(href, 'self', type, title);
}

/** self, service-desc, conformance and data of an OGC API root at `root`. */
export function landingPageLinks(origin: string, root: string, dataTitle: string): OgcLinkObject[] {
  return [
    selfLink(root),
    ogcLink(`${origin}/api/openapi.json`, 'service-desc', OPENAPI_JSON, 'The API definition (OpenAPI 3.1)'),
    ogcLink(`${root}/conformance`, 'conformance', JSON_TYPE, 'Conformance classes'),
    ogcLink(`${root}/collections`, 'data', JSON_TYPE, dataTitle),
  ];
}
