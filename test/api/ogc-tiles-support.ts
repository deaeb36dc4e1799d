// Fixtures of the OGC Tiles tests and benchmark: a service whose tile store is a fresh directory,
// terrain jobs put into chosen states through the terrain job decider (the events the dispatcher
// and workers would append), and real tiles written where the workers write them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { envelope, systemContext } from '../../commands/command-context.ts';
import { eventSchemas } from '../../domain/event-schemas.ts';
import { terrainJobDecider, type TerrainJobCommand } from '../../domain/terrain-job/terrain-job-decider.ts';
import { terrainJobStream, type TerrainJobEvent } from '../../domain/terrain-job/terrain-job-events.ts';
import { PHASE_IDS, RAW_PHASES, type PhaseId } from '../../domain/terrain-job/terrain-phases.ts';
import type { DatasetName, TileAddress, TileFeature } from '../../domain/terrain/types.ts';
import { TILE_SIZE } from '../../domain/terrain/work-grid.ts';
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';
import { displayTileKey, type DisplayCollection } from '../../domain/terrain/display-tile-key.ts';
import { encodeElevationPng } from '../../workers/terrain/products/raster/encode-elevation-png.ts';
import { encodeMvtTile } from '../../workers/terrain/products/vector/encode-mvt-tile.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import type { SqlBackend } from '../support/backends.ts';

export interface TilesService extends TestService {
  tileDir: string;
}

/** A test service with its own tile store directory (removed on close). */
export async function startTilesService(backend: SqlBackend, env: Record<string, string> = {}): Promise<TilesService> {
  const tileDir = await mkdtemp(join(tmpdir(), 'ogc-tiles-'));
  const svc = await startTestService(backend, { TILE_STORE_DIR: tileDir, ...env });
  return {
    ...svc,
    tileDir,
    async close() {
      await svc.close();
      await rm(tileDir, { recursive: true, force: true });
    },
  };
}

export type PhasePlan = 'queued' | 'running' | 'complete' | 'cached' | 'partial' | 'failed' | 'blocked';

export interface JobPlan {
  /** Work tiles [x, y] at zoom 12. */
  tiles: Array<[number, number]>;
  /**
   * Phase states. Raw phases not listed are left running, so the service's dispatcher has nothing
   * to queue, block or finish for the job and leaves it exactly as planned (its workers never see
   * it); with `finish`, every phase not listed completes and the job finishes.
   */
  phases?: Partial<Record<PhaseId, PhasePlan>>;
  /** Fingerprint of every dataset's source (default 'fp-1'), or per dataset. */
  fingerprint?: string | Partial<Record<DatasetName, string>>;
  cancel?: boolean;
  finish?: boolean;
  accountId?: string;
}

const DATASETS: DatasetName[] = ['elevation', 'land_cover', 'roads', 'soil', 'population', 'buildings'];
const tilesOf = (n: number, outcome: 'completed' | 'skipped' | 'failed') => ({
  completed: [],
  skipped: [],
  failed: [],
  [outcome]: Array.from({ length: n }, (_, i) => i),
});

export function fingerprintOf(plan: JobPlan, dataset: DatasetName): string {
  if (typeof plan.fingerprint === 'string') return plan.fingerprint;
  return plan.fingerprint?.[dataset] ?? 'fp-1';
}

/**
 * Appends the events of a job in the planned state, all in one append (so the dispatcher, which
 * follows the log, only ever sees the final state), and waits until the read models have them.
 */
export async function createJob(svc: TestService, plan: JobPlan): Promise<string> {
  const jobId = randomUUID();
  const operationId = randomUUID();
  const accountId = plan.accountId ?? svc.accountId;
  const ctx = systemContext({ account_id: accountId, api_key_id: null });
  const n = plan.tiles.length;
  const phases: Partial<Record<PhaseId, PhasePlan>> = plan.finish
    ? Object.fromEntries(PHASE_IDS.map((p) => [p, 'complete']))
    : Object.fromEntries(RAW_PHASES.map((p) => [p, 'running']));
  Object.assign(phases, plan.phases);
  const commands: TerrainJobCommand[] = [
    {
      type: 'RequestTerrainJob',
      request: {
        job_id: jobId,
        map_id: randomUUID(),
        operation_id: operationId,
        account_id: accountId,
        boundary_layer_id: randomUUID(),
        boundary_shape: {},
        include_population: true,
        include_buildings: true,
        work_zoom: 12,
        work_tiles: plan.tiles,
        sources: Object.fromEntries(
          DATASETS.map((d) => [d, { fingerprint: fingerprintOf(plan, d), description: `test ${d}` }]),
        ),
      },
    },
  ];
  for (const [phase, state] of Object.entries(phases) as Array<[PhaseId, PhasePlan]>) {
    if (state === 'queued') {
      commands.push({ type: 'QueuePhases', job_id: jobId, phases: [{ phase, task_id: randomUUID() }] });
      continue;
    }
    if (state === 'blocked') {
      commands.push({
        type: 'BlockPhases',
        job_id: jobId,
        phases: [{ phase, blocked_by: 'terrain_source_artifacts' }],
      });
      continue;
    }
    commands.push({ type: 'StartPhase', job_id: jobId, phase, worker_id: 'test', attempt: 1 });
    if (state === 'failed') {
      commands.push({
        type: 'FailPhase',
        job_id: jobId,
        phase,
        code: 'TEST_FAILURE',
        message: 'failed on purpose',
        tiles: tilesOf(n, 'failed'),
      });
    } else if (state !== 'running') {
      const tiles = tilesOf(n, state === 'cached' ? 'skipped' : 'completed');
      commands.push({ type: 'CompletePhase', job_id: jobId, phase, outcome: state, tiles, message: null });
    }
  }
  if (plan.finish) commands.push({ type: 'FinishJob', job_id: jobId });
  if (plan.cancel) commands.push({ type: 'CancelJob', job_id: jobId, account_id: accountId, reason: 'test' });
  let state = terrainJobDecider.initialState();
  const events: TerrainJobEvent[] = [];
  for (const command of commands) {
    for (const event of terrainJobDecider.decide(command, state)) {
      events.push(event);
      state = terrainJobDecider.evolve(state, event);
    }
  }
  const appended = await svc.service.store.append(
    terrainJobStream(jobId),
    events.map((e) => envelope(e, ctx, operationId, eventSchemas)),
    'no_stream',
  );
  await svc.service.runner!.waitFor(appended.position, 10_000);
  return jobId;
}

export async function putTile(
  svc: TestService,
  collection: DisplayCollection,
  fingerprint: string,
  tile: TileAddress,
  bytes: Uint8Array,
) {
  await svc.service.blobStore.put(displayTileKey(collection, fingerprint, tile), bytes);
}

/** Heights of a synthetic elevation tile: distinct per pixel and per tile, metres. */
export function heightAt(tile: TileAddress, col: number, row: number): number {
  return 100 + (tile.x % 7) * 300 + (tile.y % 5) * 50 + col * 1.5 + row * 0.25;
}

export function elevationPng(tile: TileAddress): Buffer {
  const data = new Float32Array(TILE_SIZE * TILE_SIZE);
  for (let row = 0; row < TILE_SIZE; row++) {
    for (let col = 0; col < TILE_SIZE; col++) data[row * TILE_SIZE + col] = heightAt(tile, col, row);
  }
  data[0] = Number.NaN; // one nodata pixel
  return encodeElevationPng({ tile, size: TILE_SIZE, data, nodata: Number.NaN });
}

/** A road MVT of the tile: one primary road named after the tile across it, west to east. */
export function roadsMvt(tile: TileAddress): Uint8Array {
  const [west, south, east, north] = tileBounds(tile);
  const lonLat = (fx: number, fy: number): [number, number] => [
    west + fx * (east - west),
    north - fy * (north - south),
  ];
  const features: TileFeature[] = [
    {
      type: 'Feature',
      properties: { class: 'primary', name: `road ${tile.z}/${tile.x}/${tile.y}` },
      geometry: { type: 'LineString', coordinates: [lonLat(0.1, 0.5), lonLat(0.5, 0.45), lonLat(0.9, 0.5)] },
    },
  ];
  return encodeMvtTile('svc-native--roads', features, tile);
}
