// Serving the prepared terrain of an operation as an MBTiles package for offline maps: the display
// tiles of one OGC Tiles collection over the operation's areas of operations, zooms 8–12, each
// read through the same path the tile route serves (answerTile), so a packed tile is byte for byte
// the tile served over HTTP. Tiles still being prepared are left out and counted in a header.
import type { Knex } from 'knex';
import { decideTerrainExportTiles, mbtilesMetadata } from '../../domain/exports/terrain-export-tiles.ts';
import { slug } from '../../domain/exports/export-layer-tables.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { AreaPolygon, TileAddress } from '../../domain/terrain/types.ts';
import { findMapBoundary, listMapsOfOperation } from '../../projections/queries/map-queries.ts';
import type { OperationRow } from '../../projections/queries/operation-queries.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { answerTile } from '../ogc/serve-tile.ts';
import { TILE_MAX_ZOOM, TILE_MIN_ZOOM, type TileCollection } from '../ogc/tile-collections.ts';
import type { ExportFile } from './layer-exports.ts';
import { writeMbtiles } from './write-mbtiles.ts';

/** Tile reads in flight at once (the blob store and caches take them concurrently). */
const READ_CONCURRENCY = 8;

/** MBTiles is SQLite; the registered SQLite media type says what opens it. */
export const MBTILES_MEDIA_TYPE = 'application/vnd.sqlite3';

export interface TerrainExport extends ExportFile {
  tilesIncluded: number;
  tilesNotReady: number;
}

async function operationAreas(knex: Knex, operationId: string): Promise<AreaPolygon[]> {
  const areas: AreaPolygon[] = [];
  for (const map of await listMapsOfOperation(knex, operationId)) {
    const boundary = await findMapBoundary(knex, map.map_id);
    for (const feature of boundary?.feature_collection.features ?? []) {
      if (feature.geometry.type === 'Polygon' || feature.geometry.type === 'MultiPolygon') {
        areas.push(feature.geometry as AreaPolygon);
      }
    }
  }
  return areas;
}

export async function terrainExport(
  deps: ApiDependencies,
  operation: OperationRow,
  collection: TileCollection,
): Promise<TerrainExport> {
  const wanted = decideTerrainExportTiles(
    await operationAreas(deps.readModels, operation.operation_id),
    TILE_MIN_ZOOM,
    TILE_MAX_ZOOM,
  );
  const packed: Array<{ tile: TileAddress; bytes: Uint8Array }> = [];
  let notReady = 0;
  for (let i = 0; i < wanted.length; i += READ_CONCURRENCY) {
    const batch = wanted.slice(i, i + READ_CONCURRENCY);
    const answers = await Promise.all(
      batch.map((tile) =>
        answerTile(
          deps,
          collection.extensions[0]!,
          { collectionId: collection.id, tileMatrix: tile.z, tileRow: tile.y, tileCol: tile.x },
          undefined,
        ),
      ),
    );
    answers.forEach((answer, j) => {
      if (answer.status === 200 && answer.body) packed.push({ tile: batch[j]!, bytes: answer.body });
      else if (answer.headers['X-Tile-Status'] === 'not-ready') notReady++;
    });
  }
  if (packed.length === 0) {
    throw new DomainError(
      'conflict',
      notReady > 0
        ? `The terrain of the operation's area is still being prepared (${notReady} tiles not ready); retry when its terrain job has finished`
        : "No terrain is prepared over the operation's area of operations: run a terrain job (POST /api/terrain-analysis/)",
    );
  }
  const format = collection.dataType === 'vector' ? 'pbf' : 'png';
  const metadata = mbtilesMetadata(
    packed.map((p) => p.tile),
    {
      name: `${operation.name}: ${collection.title}`,
      format,
      description: `${collection.description} ${collection.encoding}`,
      attribution: 'Prepared by the operations planning and terrain analysis service',
      vectorLayer: collection.id,
    },
  );
  const body = Buffer.from(await writeMbtiles(metadata, packed));
  return {
    body,
    contentType: MBTILES_MEDIA_TYPE,
    fileName: `${slug(operation.name)}-${collection.id.replace(/^svc-native--/, '')}.mbtiles`,
    tilesIncluded: packed.length,
    tilesNotReady: notReady,
  };
}
