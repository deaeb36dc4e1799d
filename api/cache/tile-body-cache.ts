// Tile bytes and their ETag from memory (issue 9, tile speed), within a byte budget (least recently
// used go first). A display tile's blob key holds its source fingerprint, so its bytes change only
// when a job renders it again; every terrain-job event empties the cache to stay exact anyway.
// Missing and 0-byte tiles are not kept: a later phase may write them.
import { LRUCache } from 'lru-cache';
import { terrainJobEventSchemas } from '../../domain/terrain-job/terrain-job-events.ts';
import type { ReadModelListener } from '../../projections/read-model-feed.ts';
import { contentEtag } from '../ogc/content-etag.ts';
import { displayTileKey, type DisplayCollection } from '../../domain/terrain/display-tile-key.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';

const TERRAIN_JOB_EVENTS: ReadonlySet<string> = new Set(Object.keys(terrainJobEventSchemas));

export const TILE_CACHE_DEFAULT_BYTES = 64 * 1024 * 1024;

export interface TileBody {
  bytes: Buffer;
  etag: string;
}

// Keyed without the blob key's hash, which is only computed on a miss.
const keyOf = (collection: DisplayCollection, fingerprint: string, tile: TileAddress) =>
  `${collection}/${fingerprint}/${tile.z}/${tile.x}/${tile.y}`;

export class TileBodyCache {
  private readonly entries: LRUCache<string, TileBody> | null;
  private generation = 0;

  constructor(
    private readonly load: (key: string) => Promise<Uint8Array | null>,
    options: { maxBytes?: number } = {},
  ) {
    const maxBytes = options.maxBytes ?? TILE_CACHE_DEFAULT_BYTES;
    this.entries =
      maxBytes > 0 ? new LRUCache({ maxSize: maxBytes, sizeCalculation: (body) => body.bytes.length + 64 }) : null;
  }

  /** The kept tile, or undefined (no read). */
  peek(collection: DisplayCollection, fingerprint: string, tile: TileAddress): TileBody | undefined {
    return this.entries?.get(keyOf(collection, fingerprint, tile));
  }

  /** The display tile with its ETag, or null when there is none or it is empty. */
  async get(collection: DisplayCollection, fingerprint: string, tile: TileAddress): Promise<TileBody | null> {
    const key = keyOf(collection, fingerprint, tile);
    const hit = this.entries?.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const stored = await this.load(displayTileKey(collection, fingerprint, tile));
    if (!stored || stored.length === 0) return null;
    const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
    const body = { bytes, etag: contentEtag(bytes) };
    // A tile larger than the whole budget is served, just not kept.
    if (generation === this.generation && this.entries && bytes.length + 64 <= this.entries.maxSize)
      this.entries.set(key, body);
    return body;
  }

  clear(): void {
    this.generation += 1;
    this.entries?.clear();
  }

  readonly onEvents: ReadModelListener = (events) => {
    if (events.some((event) => TERRAIN_JOB_EVENTS.has(event.type))) this.clear();
  };
}
