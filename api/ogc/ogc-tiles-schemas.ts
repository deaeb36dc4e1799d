// JSON schemas of the OGC API Tiles documents, for the OpenAPI description (the handlers build the
// documents; these describe them).
import { Type } from '@sinclair/typebox';
import { StringEnum, Uuid } from '../../domain/shared/schema-types.ts';
import { OgcLink } from './ogc-schemas.ts';
import { TILE_MAX_ZOOM, TILE_MIN_ZOOM } from './tile-collections.ts';

/** Request parameters of the tiles routes. */
export const JsonFormat = Type.Object({
  f: Type.Optional(
    Type.Unsafe<'json'>({
      type: 'string',
      enum: ['json'],
      description: 'Response format; JSON is the only one served',
    }),
  ),
});
export const CollectionParams = Type.Object({
  collectionId: Type.String({ description: 'One of the global collection ids (svc-native--...)' }),
});
export const TileParams = Type.Object({
  collectionId: CollectionParams.properties.collectionId,
  tileMatrix: Type.Integer({ description: `Zoom level; tiles exist at ${TILE_MIN_ZOOM}..${TILE_MAX_ZOOM}` }),
  tileRow: Type.Integer({ description: 'y (0 at the north), 0..2^zoom-1' }),
  tileCol: Type.Integer({ description: 'x (0 at 180°W), 0..2^zoom-1' }),
});
export const MapIdParams = Type.Object({ map_id: Uuid });

const TileLink = Type.Object(
  {
    href: Type.String({ description: 'Absolute URL (a URI template when templated is true)' }),
    rel: Type.String(),
    type: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    templated: Type.Optional(Type.Boolean()),
  },
  { title: 'TileLink' },
);

const LonLatBox = Type.Array(Type.Number(), {
  minItems: 4,
  maxItems: 4,
  description: '[west, south, east, north] in CRS84',
});
const BoundingBox2D = Type.Object({
  lowerLeft: Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }),
  upperRight: Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }),
  crs: Type.String(),
});

export const TilesLandingPage = Type.Object(
  {
    title: Type.String(),
    description: Type.String(),
    links: Type.Array(OgcLink, {
      description: 'self, service-desc, conformance, data (the collections), tiling-schemes',
    }),
  },
  { title: 'OgcTilesLandingPage' },
);

export const TileMatrixSetList = Type.Object(
  {
    tileMatrixSets: Type.Array(
      Type.Object({
        id: Type.String(),
        title: Type.String(),
        uri: Type.String(),
        crs: Type.String(),
        links: Type.Array(OgcLink),
      }),
    ),
    links: Type.Array(OgcLink),
  },
  { title: 'TileMatrixSetList' },
);

export const TileMatrixSetDefinition = Type.Object(
  {
    id: Type.Literal('WebMercatorQuad'),
    title: Type.String(),
    uri: Type.String(),
    crs: Type.String({ description: 'EPSG:3857 as an OGC URI' }),
    orderedAxes: Type.Array(Type.String()),
    wellKnownScaleSet: Type.String(),
    boundingBox: BoundingBox2D,
    tileMatrices: Type.Array(
      Type.Object({
        id: Type.String({ description: 'The zoom level as a string' }),
        scaleDenominator: Type.Number(),
        cellSize: Type.Number({ description: 'Metres per pixel' }),
        cornerOfOrigin: Type.Literal('topLeft'),
        pointOfOrigin: Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }),
        tileWidth: Type.Integer(),
        tileHeight: Type.Integer(),
        matrixWidth: Type.Integer(),
        matrixHeight: Type.Integer(),
      }),
      { description: 'Levels 0..24' },
    ),
    links: Type.Array(OgcLink),
  },
  {
    title: 'TileMatrixSet',
    description:
      'OGC TMS 2.0 JSON; the TMS 1.0 member names (type, identifier, supportedCRS, tileMatrix) are also present for GDAL ' +
      'up to 3.6.',
  },
);

export const TileCollection = Type.Object(
  {
    id: Type.String({ description: 'svc-native--... (the global collections)' }),
    title: Type.String(),
    description: Type.String(),
    dataType: StringEnum(
      ['map', 'vector'] as const,
      'map: PNG tiles (values packed in RGBA as svc:encoding says); vector: Mapbox Vector Tiles',
    ),
    crs: Type.Array(Type.String()),
    extent: Type.Object({
      spatial: Type.Object({ bbox: Type.Array(LonLatBox, { minItems: 1, maxItems: 1 }), crs: Type.String() }),
    }),
    'svc:readiness_phase': Type.String({
      description: 'The terrain job phase whose readiness decides whether a tile exists',
    }),
    'svc:dataset': Type.String({ description: 'The dataset whose source fingerprint addresses the tiles' }),
    'svc:encoding': Type.String(),
    'svc:prepared_bbox': Type.Union([LonLatBox, Type.Null()], {
      description:
        'Where tiles exist or are being prepared; null when nowhere (the extent is then the Web Mercator world)',
    }),
    links: Type.Array(TileLink, {
      description:
        'self, tilesets-map or tilesets-vector (the tilesets list), the WebMercatorQuad tileset, tiling-scheme',
    }),
  },
  { title: 'OgcTileCollection' },
);

export const TileCollections = Type.Object(
  {
    links: Type.Array(OgcLink),
    collections: Type.Array(TileCollection),
  },
  { title: 'OgcTileCollections' },
);

export const MapTileCollections = Type.Object(
  {
    links: Type.Array(OgcLink),
    collections: Type.Array(
      Type.Object(
        { id: Type.String({ description: 'layer--<layer uuid>' }), links: Type.Array(TileLink) },
        { additionalProperties: true },
      ),
      {
        description: 'Map-owned tile collections (RF propagation layers); empty until the map has such layers',
      },
    ),
  },
  { title: 'OgcMapTileCollections' },
);

export const TilesetList = Type.Object(
  {
    links: Type.Array(OgcLink),
    tilesets: Type.Array(
      Type.Object({
        title: Type.String(),
        dataType: Type.String(),
        crs: Type.String(),
        tileMatrixSetURI: Type.String(),
        links: Type.Array(OgcLink),
      }),
    ),
  },
  { title: 'TilesetList' },
);

export const Tileset = Type.Object(
  {
    title: Type.String(),
    description: Type.String(),
    dataType: StringEnum(['map', 'vector'] as const),
    crs: Type.String(),
    tileMatrixSetURI: Type.String(),
    mediaTypes: Type.Array(Type.String()),
    boundingBox: BoundingBox2D,
    tileMatrixSetLimits: Type.Array(
      Type.Object({
        tileMatrix: Type.String(),
        minTileRow: Type.Integer(),
        maxTileRow: Type.Integer(),
        minTileCol: Type.Integer(),
        maxTileCol: Type.Integer(),
      }),
      { description: 'Zooms 8..12, each the whole matrix' },
    ),
    layers: Type.Optional(
      Type.Array(
        Type.Object({
          id: Type.String({ description: 'The source-layer name inside each tile: the collection id' }),
          title: Type.String(),
          dataType: Type.Literal('vector'),
          geometryDimension: Type.Integer({ minimum: 0, maximum: 2 }),
          minTileMatrix: Type.String(),
          maxTileMatrix: Type.String(),
          boundingBox: BoundingBox2D,
        }),
      ),
    ),
    'svc:encoding': Type.String(),
    'svc:readiness_phase': Type.String(),
    links: Type.Array(TileLink, {
      description: 'self, tiling-scheme, geodata (the collection), item (URL template of the tiles)',
    }),
  },
  { title: 'Tileset' },
);
