// A tileset as MBTiles 1.3: the `metadata` and `tiles` tables (with the unique index the spec
// recommends), rows in TMS order. Tiles are written as they are served, PNG or gzip-free MVT.
import type { MbtilesMetadata } from '../../domain/exports/terrain-export-tiles.ts';
import { mbtilesRow } from '../../domain/exports/terrain-export-tiles.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import { sqliteEngine } from './sqlite-engine.ts';

export async function writeMbtiles(
  metadata: MbtilesMetadata,
  tiles: Array<{ tile: TileAddress; bytes: Uint8Array }>,
): Promise<Uint8Array> {
  const SQL = await sqliteEngine();
  const db = new SQL.Database();
  try {
    db.run('BEGIN');
    db.run('CREATE TABLE metadata (name TEXT, value TEXT)');
    db.run('CREATE UNIQUE INDEX metadata_name ON metadata (name)');
    db.run('CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)');
    db.run('CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)');
    const meta = db.prepare('INSERT INTO metadata (name, value) VALUES (?, ?)');
    for (const [name, value] of Object.entries(metadata)) if (value !== undefined) meta.run([name, value]);
    meta.free();
    const insert = db.prepare('INSERT INTO tiles (zoom_level, tile_column, tile_row, tile_data) VALUES (?, ?, ?, ?)');
    for (const { tile, bytes } of tiles) insert.run([tile.z, tile.x, mbtilesRow(tile), bytes]);
    insert.free();
    db.run('COMMIT');
    return db.export();
  } finally {
    db.close();
  }
}
