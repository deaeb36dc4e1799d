// The WebMercatorQuad document served at /api/ogc/tiles/tileMatrixSets/WebMercatorQuad: the OGC TMS
// 2.0 JSON definition, plus the same matrices under the TMS 1.0 (17-083r2) member names. Why both:
// GDAL up to 3.6 (the version Debian 12 ships) reads only the 1.0 names (type, identifier,
// supportedCRS, tileMatrix[].topLeftCorner) and cannot open a tileset whose tiling scheme lacks
// them; GDAL 3.7+ and other 2.0 clients read the 2.0 members (crs, tileMatrices). The TMS 2.0 JSON
// schema allows the extra members, and both sets describe the same matrices.
import type { OgcLinkObject } from './ogc-links.ts';
import { webMercatorQuadDefinition } from './web-mercator-quad-definition.ts';

export function tileMatrixSetDocument(links: OgcLinkObject[]) {
  const definition = webMercatorQuadDefinition();
  return {
    ...definition,
    links,
    type: 'TileMatrixSetType',
    identifier: definition.id,
    supportedCRS: definition.crs,
    tileMatrix: definition.tileMatrices.map((m) => ({
      type: 'TileMatrixType',
      identifier: m.id,
      scaleDenominator: m.scaleDenominator,
      topLeftCorner: m.pointOfOrigin,
      tileWidth: m.tileWidth,
      tileHeight: m.tileHeight,
      matrixWidth: m.matrixWidth,
      matrixHeight: m.matrixHeight,
    })),
  };
}
