// The phases of a terrain job and what each needs (the interface's dataset-to-phase map).
// Raw phases fetch and normalise a source; derived phases start as soon as their own inputs are
// ready, not when the whole job ends.
import type { DatasetName } from '../terrain/types.ts';

export const RAW_PHASES = [
  'terrain_source_artifacts',
  'road_artifacts',
  'soil_artifacts',
  'population_artifacts',
  'buildings_artifacts',
] as const;

export const DERIVED_PHASES = [
  'terrain_display_tiles',
  'road_display_tiles',
  'soil_display_tiles',
  'population_display_tiles',
  'buildings_display_tiles',
  'terrain_road_graph',
  'terrain_summary',
] as const;

export type RawPhase = (typeof RAW_PHASES)[number];
export type DerivedPhase = (typeof DERIVED_PHASES)[number];
export type PhaseId = RawPhase | DerivedPhase;

export const PHASE_IDS: readonly PhaseId[] = [...RAW_PHASES, ...DERIVED_PHASES];

export interface PhaseDefinition {
  id: PhaseId;
  kind: 'raw' | 'derived';
  label: string;
  /** Raw phases: the datasets whose source they fetch. */
  datasets: DatasetName[];
  /** Derived phases: the raw phases whose output they read. */
  inputs: RawPhase[];
  /** Only run when the request asks for it. */
  optional?: 'include_population' | 'include_buildings';
}

export const PHASES: Record<PhaseId, PhaseDefinition> = {
  terrain_source_artifacts: {
    id: 'terrain_source_artifacts',
    kind: 'raw',
    label: 'Elevation and land cover',
    datasets: ['elevation', 'land_cover'],
    inputs: [],
  },
  road_artifacts: { id: 'road_artifacts', kind: 'raw', label: 'Roads', datasets: ['roads'], inputs: [] },
  soil_artifacts: { id: 'soil_artifacts', kind: 'raw', label: 'Soil', datasets: ['soil'], inputs: [] },
  population_artifacts: {
    id: 'population_artifacts',
    kind: 'raw',
    label: 'Population',
    datasets: ['population'],
    inputs: [],
    optional: 'include_population',
  },
  buildings_artifacts: {
    id: 'buildings_artifacts',
    kind: 'raw',
    label: 'Buildings',
    datasets: ['buildings'],
    inputs: [],
    optional: 'include_buildings',
  },
  terrain_display_tiles: {
    id: 'terrain_display_tiles',
    kind: 'derived',
    label: 'Elevation and land-cover map tiles',
    datasets: [],
    inputs: ['terrain_source_artifacts'],
  },
  road_display_tiles: {
    id: 'road_display_tiles',
    kind: 'derived',
    label: 'Road map tiles',
    datasets: [],
    inputs: ['road_artifacts'],
  },
  soil_display_tiles: {
    id: 'soil_display_tiles',
    kind: 'derived',
    label: 'Soil map tiles',
    datasets: [],
    inputs: ['soil_artifacts'],
  },
  population_display_tiles: {
    id: 'population_display_tiles',
    kind: 'derived',
    label: 'Population map tiles',
    datasets: [],
    inputs: ['population_artifacts'],
    optional: 'include_population',
  },
  buildings_display_tiles: {
    id: 'buildings_display_tiles',
    kind: 'derived',
    label: 'Building map tiles',
    datasets: [],
    inputs: ['buildings_artifacts'],
    optional: 'include_buildings',
  },
  terrain_road_graph: {
    id: 'terrain_road_graph',
    kind: 'derived',
    label: 'Road network graph',
    datasets: [],
    inputs: ['road_artifacts'],
  },
  terrain_summary: {
    id: 'terrain_summary',
    kind: 'derived',
    label: 'Terrain summary',
    datasets: [],
    inputs: ['terrain_source_artifacts', 'road_artifacts'],
  },
};

/** The raw phase that fetches a dataset. */
export function rawPhaseOf(dataset: DatasetName): RawPhase {
  return RAW_PHASES.find((p) => PHASES[p].datasets.includes(dataset))!;
}
