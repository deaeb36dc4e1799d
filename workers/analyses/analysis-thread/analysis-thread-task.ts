// What crosses into an analysis thread and back: plain data only.
import type { MessagePort } from 'node:worker_threads';
import type { AnalysisJob } from '../../../domain/analysis-job/analysis-job-decider.ts';
import type { AnalysisSpec } from '../../../domain/analysis-job/analysis-parameters.ts';
import type { LayerFeatureCollection } from '../../../domain/map/layer-feature-collection.ts';
import type { MapLayerType } from '../../../domain/map/map-layer-vocabulary.ts';

export interface AnalysisThreadTask {
  job: Pick<AnalysisJob, 'analysis_id' | 'work_zoom' | 'work_tiles'> & AnalysisSpec;
  /** The result layer: raster results are stored as its tiles, from the thread. */
  layerId: string;
  /** The *_SOURCE settings the providers are made from (the worker process's own). */
  sourceSettings: Record<string, string | undefined>;
  tileStoreDir: string;
  /** Progress reports (AnalysisThreadProgress) are posted here. */
  progressPort: MessagePort;
  /** Set to 1 by the caller to stop the analysis at its next progress point (the thread lives on). */
  stop: Int32Array;
}

/** After each elevation tile read, each tile of another input read, and each result tile stored. */
export interface AnalysisThreadProgress {
  /** 'inputs' (land cover, roads, buildings) counts nothing: a heartbeat. */
  stage: 'elevation' | 'inputs' | 'tiles';
  completed: number;
  total: number;
}

export type AnalysisThreadResult =
  | { kind: 'stopped' }
  | {
      kind: 'success';
      features: LayerFeatureCollection;
      result: Record<string, unknown>;
      /** Further result layers (a terrain evaluation's obstacles, corridors, key terrain). */
      extraLayers?: Array<{ layer_type: MapLayerType; features: LayerFeatureCollection }>;
    }
  /** The tool could not run on its input or its source (a failure code for the analysis). */
  | { kind: 'input_error'; code: string; message: string };
