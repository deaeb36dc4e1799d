// Tile readiness from memory (issue 9, tile speed): what the coverage query answered for a display
// tile is kept until a terrain-job event reaches the read models, since only those change it. The
// generation guard keeps a query that started before such an event from storing its older answer.
import { LRUCache } from 'lru-cache';
import { terrainJobEventSchemas } from '../../domain/terrain-job/terrain-job-events.ts';
import type { TileCoverageQuery } from '../../projections/queries/tile-readiness-queries.ts';
import type { TileReadiness } from '../../projections/queries/tile-readiness.ts';
import type { ReadModelListener } from '../../projections/read-model-feed.ts';

const TERRAIN_JOB_EVENTS: ReadonlySet<string> = new Set(Object.keys(terrainJobEventSchemas));

const keyOf = (query: TileCoverageQuery) =>
  `${query.phase}/${query.dataset}/${query.tile.z}/${query.tile.x}/${query.tile.y}`;

export class TileReadinessCache {
  private readonly entries: LRUCache<string, TileReadiness>;
  private generation = 0;

  constructor(
    private readonly load: (query: TileCoverageQuery) => Promise<TileReadiness>,
    options: { max?: number } = {},
  ) {
    this.entries = new LRUCache({ max: options.max ?? 200_000 });
  }

  /** The kept answer, or undefined (no query). */
  peek(query: TileCoverageQuery): TileReadiness | undefined {
    return this.entries.get(keyOf(query));
  }

  async get(query: TileCoverageQuery): Promise<TileReadiness> {
    const key = keyOf(query);
    const hit = this.entries.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const readiness = await this.load(query);
    if (generation === this.generation) this.entries.set(key, readiness);
    return readiness;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Any terrain-job event may change which job is ready where. */
  readonly onEvents: ReadModelListener = (events) => {
    if (events.some((event) => TERRAIN_JOB_EVENTS.has(event.type))) this.clear();
  };
}
