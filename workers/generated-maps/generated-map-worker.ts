// Generated-map workers (README "Generated maps"): take a task naming an operation's asset, gather
// its inputs from the event log, hash them with the asset kind and the renderer version, and stop
// there when the asset at that path already has this hash (an unchanged map is never redrawn).
// Otherwise build the composition (domain/generated-map/map-compositions.ts) from the service's own
// stored tiles and artifacts, render it to PNG, store the bytes under their input hash in the blob
// store, and record GeneratedMapCreated in the operation's history. An asset whose inputs are not
// there yet (no boundary, no finished terrain job, an analysis not complete) is skipped: the next
// trigger brings it. An unexpected error throws: the task is redelivered, then dead-lettered.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Feature } from 'geojson';
import type { Logger } from 'pino';
import { loadGeneratedMap, recordGeneratedMap } from '../../commands/generated-map-commands.ts';
import type { MapComposition, MapFrame, TitleBlock } from '../../domain/cartography/map-composition.ts';
import { assetInputHash } from '../../domain/generated-map/asset-input-hash.ts';
import { dateTimeGroup } from '../../domain/generated-map/date-time-group.ts';
import { generatedMapIdOf } from '../../domain/generated-map/generated-map-events.ts';
import {
  assetOfPath,
  GENERATED_MAP_CONTENT_TYPE,
  type AssetOfPath,
  type GeneratedMapKind,
} from '../../domain/generated-map/generated-map-vocabulary.ts';
import { mapFrameForArea } from '../../domain/generated-map/map-frame-for-area.ts';
import {
  analysisMapComposition,
  areaOverviewComposition,
  mcooComposition,
  terrainEvaluationComposition,
  type MapBase,
  type TerrainEvaluationLayers,
} from '../../domain/generated-map/map-compositions.ts';
import { resultRasterLegend } from '../../domain/generated-map/result-raster-legend.ts';
import { geometryBounds } from '../../domain/map/geojson/geometry-bounds.ts';
import { DISPLAY_PRODUCT_VERSIONS } from '../../domain/terrain/display-tile-key.ts';
import type { VehicleClass } from '../../domain/terrain/mobility-config.ts';
import { sourceHash } from '../../domain/terrain/source-hash.ts';
import type { TerrainJob } from '../../domain/terrain-job/terrain-job-state.ts';
import { USABLE_PHASE_STATUSES } from '../../domain/terrain-job/terrain-job-state.ts';
import type { PhaseId } from '../../domain/terrain-job/terrain-phases.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { jobContext } from '../jobs/job-context.ts';
import { ARTIFACT_FORMAT } from '../terrain/build-area-products/artifact-key.ts';
import { SUMMARY_VERSION } from '../terrain/build-area-products/build-terrain-summary-product.ts';
import {
  loadAnalysisVersion,
  loadMapInputs,
  resolveTerrainJob,
  type MapInputs,
  type Versioned,
} from './gather-map-inputs.ts';
import { readFrameMobility } from './read-frame-mobility.ts';
import { readFrameRoads } from './read-frame-roads.ts';
import { readReliefAndLandCover, type ReliefAndLandCover } from './read-relief-and-land-cover.ts';
import { readResultRaster } from './read-result-raster.ts';

/** Bump when a composition changes (layers, colours, frame size): every asset is drawn again. */
export const GENERATED_MAP_BUILDER_VERSION = 'maps-v3';

/** One asset of an operation to render: the operation, the map it is drawn from, its path. */
export interface GeneratedMapAsset {
  operation_id: string;
  map_id: string;
  asset_path: string;
  /** The terrain job whose end triggered the rendering; null: the map's newest finished job. */
  terrain_job_id: string | null;
}

export type RenderMap = (composition: MapComposition) => Promise<Buffer>;

/**
 * Version of the renderer the pipeline hands the workers (workers/generated-maps/rendering/render-map-png.ts),
 * part of every asset's hash: bump it when its output changes (grid, fonts, marginalia), so every
 * asset is drawn again at its next trigger.
 */
export const MAP_RENDERER_VERSION = 'sharp-svg-v1';

export interface GeneratedMapWorkerDependencies {
  store: EventStore;
  /** Read models: which terrain job of a map is the newest finished one. */
  knex: Knex;
  /** Where the terrain tiles and artifacts are, and where the PNGs go. */
  blobStore: BlobStore;
  render: RenderMap;
  /** The renderer's own version, part of every asset's hash. */
  rendererVersion: string;
  logger: Logger;
}

export const generatedMapKey = (inputHash: string) => `generated-maps/${inputHash}.png`;

const VEHICLE_TITLES: Record<VehicleClass, string> = {
  foot: 'dismounted (foot)',
  wheeled: 'wheeled vehicles',
  tracked: 'tracked vehicles',
};
const ANALYSIS_TITLES: Record<string, string> = {
  line_of_sight: 'Line of sight',
  viewshed: 'Viewshed',
  route: 'Route',
  landing_zones: 'Landing zones',
  rf_coverage: 'RF coverage',
  terrain_evaluation: 'MCOO',
};
const DATASET_LABELS: Record<string, string> = { elevation: 'Elevation', land_cover: 'Land cover', roads: 'Roads' };

/** Everything that decides the picture, and how to draw it once the hash says it is new. */
interface AssetPlan {
  kind: GeneratedMapKind;
  title: string;
  inputs: Record<string, string>;
  compose: () => Promise<MapComposition>;
}

const isUsable = (job: TerrainJob, phase: PhaseId) =>
  USABLE_PHASE_STATUSES.includes(job.phases[phase]?.status ?? 'pending');

function boundsOf(features: Feature[]): [number, number, number, number] | null {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const feature of features) {
    if (!feature.geometry) continue;
    const b = geometryBounds(feature.geometry);
    box[0] = Math.min(box[0], b[0]);
    box[1] = Math.min(box[1], b[1]);
    box[2] = Math.max(box[2], b[2]);
    box[3] = Math.max(box[3], b[3]);
  }
  return box[2] > box[0] && box[3] > box[1] ? box : null;
}

function titleBlock(
  title: string,
  map: MapInputs,
  times: string[],
  job: TerrainJob | null,
  datasets: string[],
  extra: string[] = [],
): TitleBlock {
  const used = job ? datasets.map((d) => [d, job.source_providers[d]] as const).filter(([, p]) => p) : [];
  const newest = times.reduce((a, b) => (a > b ? a : b));
  return {
    title,
    operation: map.operation_name,
    map: map.map_name,
    date_time_group: dateTimeGroup(newest),
    sources: [
      ...used.map(([d, p]) => `${DATASET_LABELS[d] ?? d}: ${p!.description}`),
      ...(job ? [] : ['No prepared terrain: relief not shown']),
      ...extra,
    ],
    synthetic: used.some(([, p]) => p!.fingerprint.startsWith('synthetic:')),
    // The banner already says SYNTHETIC DATA; the other warnings go in as notes.
    notes: (job?.warnings ?? []).filter((w) => w.code !== 'SYNTHETIC_SOURCE').map((w) => w.message),
  };
}

function terrainInputs(job: Versioned<TerrainJob>, datasets: Array<'land_cover' | 'roads'>): Record<string, string> {
  const { elevation, land_cover, roads } = job.state.source_providers;
  const tiles = DISPLAY_PRODUCT_VERSIONS;
  const inputs: Record<string, string> = { terrain_job: `${job.state.job_id}@${job.revision}` };
  if (elevation) inputs.elevation_tiles = sourceHash(elevation.fingerprint, tiles['svc-native--terrain-elevation']);
  if (datasets.includes('land_cover') && land_cover) {
    inputs.land_cover_tiles = sourceHash(land_cover.fingerprint, tiles['svc-native--terrain-landcover']);
  }
  if (datasets.includes('roads') && roads) inputs.roads = sourceHash(roads.fingerprint, ARTIFACT_FORMAT);
  return inputs;
}

// The maps of one trigger share their frame and relief (the area overview and three MCOOs): the
// last two reads are kept (by frame, sources and the job that prepared the tiles), so the tiles are
// decoded and shaded once per trigger, not four times.
const RELIEF_MEMO_SIZE = 2;
const reliefMemo = new Map<string, Promise<ReliefAndLandCover>>();

function reliefOf(
  blobStore: BlobStore,
  frame: MapFrame,
  fingerprints: { elevation: string; land_cover: string | null },
  jobId: string,
): Promise<ReliefAndLandCover> {
  const key = JSON.stringify([frame, fingerprints, jobId]);
  let read = reliefMemo.get(key);
  if (!read) {
    read = readReliefAndLandCover(blobStore, frame, fingerprints);
    read.catch(() => reliefMemo.delete(key));
    reliefMemo.set(key, read);
    if (reliefMemo.size > RELIEF_MEMO_SIZE) reliefMemo.delete(reliefMemo.keys().next().value!);
  }
  return read;
}

async function base(
  deps: GeneratedMapWorkerDependencies,
  frame: MapFrame,
  title: TitleBlock,
  map: MapInputs,
  job: TerrainJob | null,
  withLandCover: boolean,
): Promise<{ base: MapBase; landCover: Uint8Array }> {
  const elevation = job && isUsable(job, 'terrain_display_tiles') ? job.source_providers.elevation : undefined;
  if (!elevation) {
    const shade = new Float32Array(frame.width * frame.height).fill(Number.NaN);
    return { base: { frame, title, area: map.boundary!.features, shade }, landCover: new Uint8Array(shade.length) };
  }
  const landCover = withLandCover ? (job!.source_providers.land_cover?.fingerprint ?? null) : null;
  const fingerprints = { elevation: elevation.fingerprint, land_cover: landCover };
  const read = await reliefOf(deps.blobStore, frame, fingerprints, job!.job_id);
  return { base: { frame, title, area: map.boundary!.features, shade: read.shade }, landCover: read.landCover };
}

/** The further layers of a terrain evaluation's result (`layer_ids`) as the map holds them, with their versions. */
function evaluationLayersOf(
  result: Record<string, unknown> | null,
  map: MapInputs,
): {
  layers: Omit<TerrainEvaluationLayers, 'avenue_of_approach'>;
  versions: Array<{ layer_type: string; hash: string }>;
} {
  const ids = (result?.layer_ids ?? {}) as Record<string, string>;
  const versions: Array<{ layer_type: string; hash: string }> = [];
  const features = (type: 'obstacle' | 'mobility_corridor' | 'key_terrain') => {
    const layer = ids[type] ? map.layers.get(ids[type]) : undefined;
    if (!layer) return [];
    versions.push({ layer_type: type, hash: `${layer.layer_id}:${layer.features_hash}` });
    return layer.features;
  };
  const layers = {
    obstacle: features('obstacle'),
    mobility_corridor: features('mobility_corridor'),
    key_terrain: features('key_terrain'),
  };
  return { layers, versions };
}

async function planAsset(
  deps: GeneratedMapWorkerDependencies,
  payload: GeneratedMapAsset,
  asset: AssetOfPath,
  map: MapInputs,
): Promise<AssetPlan | null> {
  const boundary = map.boundary;
  const areaBox = boundary ? boundsOf(boundary.features) : null;
  if (!boundary || !areaBox) return null;
  const common = {
    operation_name: map.operation_name,
    map_name: map.map_name,
    boundary: `${boundary.layer_id}:${boundary.features_hash}`,
  };
  if (asset.kind === 'analysis') {
    const analysis = await loadAnalysisVersion(deps.store, asset.analysis_id);
    const a = analysis?.state;
    if (!a || a.status !== 'success' || a.map_id !== map.map_id || !a.layer_id) return null;
    const layer = map.layers.get(a.layer_id);
    if (!layer) return null;
    const resolved = await resolveTerrainJob(deps.store, deps.knex, map.map_id, payload.terrain_job_id);
    const job = resolved?.state.map_id === map.map_id ? resolved : null;
    // A terrain evaluation is drawn as its MCOO: its further layers (obstacles, corridors, key
    // terrain; result.layer_ids) are inputs too, and the roads when the terrain job prepared them.
    const evaluationLayers = a.analysis_type === 'terrain_evaluation' ? evaluationLayersOf(a.result, map) : null;
    const roadsReady = job && job.state.source_providers.roads && isUsable(job.state, 'road_artifacts');
    const inputs: Record<string, string> = {
      ...common,
      ...(job ? terrainInputs(job, evaluationLayers && roadsReady ? ['roads'] : []) : {}),
      analysis: `${a.analysis_id}@${analysis.revision}`,
      result_layer: `${layer.layer_id}:${layer.features_hash}`,
    };
    for (const extra of evaluationLayers?.versions ?? []) inputs[`${extra.layer_type}_layer`] = extra.hash;
    const title = `${ANALYSIS_TITLES[a.analysis_type] ?? a.analysis_type} — ${a.title}`;
    return {
      kind: 'analysis',
      title,
      inputs,
      compose: async () => {
        const resultBox = boundsOf(layer.features) ?? areaBox;
        const frame = mapFrameForArea([
          Math.min(areaBox[0], resultBox[0]),
          Math.min(areaBox[1], resultBox[1]),
          Math.max(areaBox[2], resultBox[2]),
          Math.max(areaBox[3], resultBox[3]),
        ]);
        const times = [boundary.at, analysis.at, ...(job ? [job.at] : [])];
        const analysisLine = `Analysis: ${a.title} (${a.analysis_type})`;
        const block = titleBlock(title, map, times, job?.state ?? null, ['elevation'], [analysisLine]);
        const { base: b } = await base(deps, frame, block, map, job?.state ?? null, false);
        if (evaluationLayers) {
          const roads =
            roadsReady && job
              ? await readFrameRoads(
                  deps.blobStore,
                  frame,
                  job.state.source_providers.roads!.fingerprint,
                  job.state.work_tiles,
                )
              : { major: [], minor: [] };
          return terrainEvaluationComposition(
            b,
            { ...evaluationLayers.layers, avenue_of_approach: layer.features },
            roads,
          );
        }
        const rasterType = a.analysis_type === 'viewshed' || a.analysis_type === 'rf_coverage' ? a.analysis_type : null;
        const raster = rasterType
          ? {
              rgba: await readResultRaster(deps.blobStore, frame, a.layer_id!, a.work_zoom),
              legend: resultRasterLegend(rasterType),
            }
          : null;
        return analysisMapComposition(b, a.analysis_type, layer.features, raster, {
          parameters: a.parameters as unknown as Record<string, unknown>,
          result: a.result,
        });
      },
    };
  }
  const job = await resolveTerrainJob(deps.store, deps.knex, map.map_id, payload.terrain_job_id);
  if (!job || job.state.map_id !== map.map_id || !isUsable(job.state, 'terrain_display_tiles')) return null;
  const frame = mapFrameForArea(areaBox);
  const times = [boundary.at, job.at];
  const providers = job.state.source_providers;
  if (asset.kind === 'area_overview') {
    const title = 'Area overview';
    return {
      kind: 'area_overview',
      title,
      inputs: { ...common, ...terrainInputs(job, ['land_cover', 'roads']) },
      compose: async () => {
        const block = titleBlock(title, map, times, job.state, ['elevation', 'land_cover', 'roads']);
        const { base: b, landCover } = await base(deps, frame, block, map, job.state, true);
        const roads = providers.roads
          ? await readFrameRoads(deps.blobStore, frame, providers.roads.fingerprint, job.state.work_tiles)
          : { major: [], minor: [] };
        return areaOverviewComposition(b, landCover, roads);
      },
    };
  }
  const { elevation, land_cover, roads } = providers;
  const artifactsReady = isUsable(job.state, 'terrain_source_artifacts') && isUsable(job.state, 'road_artifacts');
  if (!elevation || !land_cover || !roads || !artifactsReady) return null;
  const title = `MCOO — ${VEHICLE_TITLES[asset.vehicle]}`;
  const inputs = {
    ...common,
    ...terrainInputs(job, ['land_cover', 'roads']),
    elevation_artifacts: sourceHash(elevation.fingerprint, ARTIFACT_FORMAT),
    land_cover_artifacts: sourceHash(land_cover.fingerprint, ARTIFACT_FORMAT),
    mobility: `${asset.vehicle}:${SUMMARY_VERSION}`,
  };
  return {
    kind: 'mcoo',
    title,
    inputs,
    compose: async () => {
      const block = titleBlock(
        title,
        map,
        times,
        job.state,
        ['elevation', 'land_cover', 'roads'],
        ['Mobility: slope and land cover per ATP 2-01.3 thresholds (domain/terrain/mobility-config.ts); roads are GO'],
      );
      const { base: b, landCover } = await base(deps, frame, block, map, job.state, true);
      const sources = {
        elevation: elevation.fingerprint,
        land_cover: land_cover.fingerprint,
        roads: roads.fingerprint,
      };
      const mobility = await readFrameMobility(deps.blobStore, frame, sources, job.state.work_tiles, asset.vehicle);
      const frameRoads = await readFrameRoads(deps.blobStore, frame, roads.fingerprint, job.state.work_tiles);
      return mcooComposition(b, mobility, landCover, frameRoads);
    },
  };
}

/** Renders one asset if its inputs changed; answers what it did (for logs and tests). */
export async function renderGeneratedMap(
  deps: GeneratedMapWorkerDependencies,
  payload: GeneratedMapAsset,
  control?: TaskControl,
): Promise<'rendered' | 'unchanged' | 'not-ready'> {
  const asset = assetOfPath(payload.asset_path);
  if (!asset) throw new RangeError(`${payload.asset_path} is not a generated map path`);
  const map = await loadMapInputs(deps.store, payload.map_id);
  if (!map || map.operation_id !== payload.operation_id) return 'not-ready';
  const plan = await planAsset(deps, payload, asset, map);
  if (!plan) return 'not-ready';
  const rendererVersion = `${GENERATED_MAP_BUILDER_VERSION}+${deps.rendererVersion}`;
  const inputHash = assetInputHash(plan.kind, rendererVersion, plan.inputs);
  const current = await loadGeneratedMap(deps.store, payload.operation_id, payload.asset_path);
  if (current.status === 'present' && current.input_hash === inputHash) return 'unchanged';
  const key = generatedMapKey(inputHash);
  // A worker that died after storing the bytes left them under the same key: they are reused.
  let bytes = await deps.blobStore.get(key);
  if (!bytes) {
    const composition = await plan.compose();
    control?.heartbeat();
    control?.signal.throwIfAborted();
    bytes = await deps.render(composition);
    await deps.blobStore.put(key, bytes, GENERATED_MAP_CONTENT_TYPE);
  }
  // The sheet's size from the PNG header (IHDR: width and height at bytes 16 and 20).
  const png = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  await recordGeneratedMap(deps.store, jobContext(null, payload.operation_id), {
    generated_map_id: generatedMapIdOf(payload.operation_id, payload.asset_path),
    operation_id: payload.operation_id,
    map_id: payload.map_id,
    asset_path: payload.asset_path,
    kind: plan.kind,
    title: plan.title,
    inputs: plan.inputs,
    input_hash: inputHash,
    renderer_version: rendererVersion,
    blob_key: key,
    content_type: GENERATED_MAP_CONTENT_TYPE,
    size: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...size,
  });
  return 'rendered';
}
