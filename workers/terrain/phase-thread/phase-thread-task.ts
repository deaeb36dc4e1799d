// What crosses into a phase thread and back: plain data only.
import type { AreaPolygon, TileAddress } from '../../../domain/terrain/types.ts';
import type { PhaseId } from '../../../domain/terrain-job/terrain-phases.ts';
import type { MessagePort } from 'node:worker_threads';

export interface PhaseThreadTask {
  phase: PhaseId;
  area: AreaPolygon;
  tiles: TileAddress[];
  includePopulation: boolean;
  includeBuildings: boolean;
  /** The *_SOURCE settings the providers are made from (the worker process's own). */
  sourceSettings: Record<string, string | undefined>;
  tileStoreDir: string;
  concurrency: number;
  /** Progress reports ({counts, cached}) are posted here. */
  progressPort: MessagePort;
}
