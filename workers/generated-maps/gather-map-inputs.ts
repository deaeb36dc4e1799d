// What a generated map is drawn from, read from the event log (not the read models, which may lag
// behind the event that triggered the rendering): the operation's name, the map's name, boundary
// and layers, a terrain job, an analysis — each with the version and time of its newest event.
import type { Knex } from 'knex';
import type { Feature } from 'geojson';
import { loadState } from '../../commands/load-state.ts';
import { operationDecider } from '../../domain/operation/operation-decider.ts';
import { operationStream } from '../../domain/operation/operation-events.ts';
import { mapStream, type MapEvent } from '../../domain/map/map-events.ts';
import { terrainJobDecider } from '../../domain/terrain-job/terrain-job-decider.ts';
import { terrainJobStream } from '../../domain/terrain-job/terrain-job-events.ts';
import type { TerrainJob } from '../../domain/terrain-job/terrain-job-state.ts';
import { isTerminalJob } from '../../domain/terrain-job/terrain-job-state.ts';
import { analysisJobDecider, type AnalysisJob } from '../../domain/analysis-job/analysis-job-decider.ts';
import { analysisStream } from '../../domain/analysis-job/analysis-job-events.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { sourceHash } from '../../domain/terrain/source-hash.ts';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import { terrainJobsOfMapNewestFirst } from '../../projections/queries/terrain-job-queries.ts';

export interface MapLayerVersion {
  layer_id: string;
  layer_type: string;
  title: string;
  version: number;
  features: Feature[];
  /** Hash of the features: a new version with the same features draws the same map. */
  features_hash: string;
  /** When the layer last got these features (a re-post of the same features keeps the earlier time). */
  at: string;
}

export interface MapInputs {
  operation_id: string;
  operation_name: string;
  map_id: string;
  map_name: string;
  boundary: MapLayerVersion | null;
  layers: Map<string, MapLayerVersion>;
}

/** The map with its layers as its stream has them now, and its operation's name; null when either is gone. */
export async function loadMapInputs(store: EventStore, mapId: string): Promise<MapInputs | null> {
  const events = await store.readStream(mapStream(mapId));
  let map: { operation_id: string; name: string } | null = null;
  const layers = new Map<string, MapLayerVersion>();
  let boundaryId: string | null = null;
  for (const recorded of events) {
    const event = recorded as unknown as MapEvent & { metadata: { occurred_at: string } };
    if (event.type === 'MapCreated') map = { operation_id: event.data.operation_id, name: event.data.name };
    if (event.type === 'MapLayerAdded' || event.type === 'MapLayerReplaced') {
      const { layer_id, layer_type, title, version, feature_collection } = event.data;
      const features = feature_collection.features as Feature[];
      const featuresHash = sourceHash(JSON.stringify(features.map((f) => [f.geometry, f.properties])));
      const before = layers.get(layer_id);
      const at = before?.features_hash === featuresHash ? before.at : recorded.metadata.occurred_at;
      layers.set(layer_id, { layer_id, layer_type, title, version, features, features_hash: featuresHash, at });
      if (layer_type === 'boundary') boundaryId ??= layer_id;
    }
  }
  if (!map) return null;
  const operation = (await loadState(store, operationStream(map.operation_id), operationDecider)).state;
  if (operation.status !== 'active') return null;
  return {
    operation_id: map.operation_id,
    operation_name: operation.fields.name,
    map_id: mapId,
    map_name: map.name,
    boundary: boundaryId ? layers.get(boundaryId)! : null,
    layers,
  };
}

export interface Versioned<T> {
  state: T;
  /** Stream revision of the newest event. */
  revision: number;
  /** When the newest event was recorded. */
  at: string;
}

/** When the newest of a stream's events was recorded (loadState hands back the recorded events). */
const newestAt = (events: readonly unknown[]) => (events.at(-1) as RecordedEvent).metadata.occurred_at;

export async function loadTerrainJobVersion(store: EventStore, jobId: string): Promise<Versioned<TerrainJob> | null> {
  const loaded = await loadState(store, terrainJobStream(jobId), terrainJobDecider);
  if (loaded.state.status === 'absent') return null;
  return { state: loaded.state, revision: loaded.revision, at: newestAt(loaded.events) };
}

export async function loadAnalysisVersion(
  store: EventStore,
  analysisId: string,
): Promise<Versioned<AnalysisJob> | null> {
  const loaded = await loadState(store, analysisStream(analysisId), analysisJobDecider);
  if (loaded.state.status === 'absent') return null;
  return { state: loaded.state, revision: loaded.revision, at: newestAt(loaded.events) };
}

/**
 * The terrain job a map's assets are drawn from: the one named (the job whose end triggered the
 * rendering), else the map's newest finished job (the terrain_jobs read model lists a map's jobs;
 * a job that finished has long been projected when a later boundary change or analysis asks).
 */
export async function resolveTerrainJob(
  store: EventStore,
  knex: Knex,
  mapId: string,
  jobId: string | null,
): Promise<Versioned<TerrainJob> | null> {
  if (jobId) return loadTerrainJobVersion(store, jobId);
  const rows = await terrainJobsOfMapNewestFirst(knex, mapId);
  const finished = rows.find((r) => isTerminalJob(r.status as TerrainJob['status']) && r.status !== 'cancelled');
  return finished ? loadTerrainJobVersion(store, finished.job_id) : null;
}
