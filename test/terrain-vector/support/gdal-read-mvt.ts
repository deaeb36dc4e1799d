// Reads one MVT tile with GDAL's MVT driver (an independent decoder): the tile is written as
// <dir>/<z>/<x>/<y>.pbf, which is how the driver learns the tile address to georeference it, then
// converted to GeoJSON in EPSG:4326 with ogr2ogr.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FeatureCollection } from 'geojson';
import type { TileAddress } from '../../../domain/terrain/types.ts';

export function gdalReadMvt(bytes: Uint8Array, tile: TileAddress, layer: string): FeatureCollection {
  const dir = mkdtempSync(join(tmpdir(), 'mvt-gdal-'));
  try {
    mkdirSync(join(dir, String(tile.z), String(tile.x)), { recursive: true });
    const file = join(dir, String(tile.z), String(tile.x), `${tile.y}.pbf`);
    writeFileSync(file, bytes);
    const out = execFileSync(
      'ogr2ogr',
      ['-f', 'GeoJSON', '/vsistdout/', file, layer, '-t_srs', 'EPSG:4326', '-lco', 'COORDINATE_PRECISION=9'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return JSON.parse(out) as FeatureCollection;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
