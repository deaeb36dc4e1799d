// What a COA generation is grounded in, read when the worker runs: the operation, the products of
// its mission analysis written so far, its maps (with their newest terrain summary when prepared),
// the requested documents, the staff's instructions and how many COAs to draft.
import type { GroundingDocument, GroundingMap, GroundingOperation } from './generation-grounding.ts';
import type { DevelopedCoa, SubordinateUnit } from '../coa-development/coa-types.ts';

/**
 * The COA set developed on facts (domain/coa-development): the COAs without their geometries (the
 * sketch is on the map; prompts stay small), the inputs missing for the whole set, the order's
 * times and end state the text quotes, and the task organisation's source.
 */
export interface GroundingCoaDevelopment {
  coas: Array<
    Omit<DevelopedCoa, 'main_axis' | 'supporting_axes' | 'units' | 'phase_lines'> & {
      main_axis: Omit<DevelopedCoa['main_axis'], 'geometry'>;
      supporting_axes: Array<Omit<DevelopedCoa['main_axis'], 'geometry'>>;
      units: Array<Omit<DevelopedCoa['units'][number], 'axis'> & { axis: string | null }>;
      phase_lines: Array<Omit<DevelopedCoa['phase_lines'][number], 'geometry'>>;
    }
  >;
  missing: string[];
  task_organization: { label: string; source: string } | null;
  units: SubordinateUnit[];
  order: { deadline: string | null; end_state: string | null } | null;
  /** The map the sketch layers are drawn on. */
  sketch_map: string | null;
}

/** A developed COA as the grounding carries it. */
export function groundedCoa(coa: DevelopedCoa): GroundingCoaDevelopment['coas'][number] {
  const { geometry: _g, ...main } = coa.main_axis;
  return {
    ...coa,
    main_axis: main,
    supporting_axes: coa.supporting_axes.map(({ geometry: _s, ...a }) => a),
    units: coa.units.map((u) => ({ ...u, axis: u.axis?.avenue_id ?? null })),
    phase_lines: coa.phase_lines.map(({ geometry: _p, ...pl }) => pl),
  };
}

export interface GroundingMissionAnalysis {
  id: string;
  type: string;
  title: string;
  /** Version read (number of changes, ≥ 1: only written products are grounding). */
  version: number;
  text: string | null;
  item_texts: string[];
}

export interface CoaGrounding {
  operation: GroundingOperation;
  mission_analysis: GroundingMissionAnalysis[];
  maps: GroundingMap[];
  documents: GroundingDocument[];
  instructions: string | null;
  count: number;
  /** Absent in groundings made before COA development on facts. */
  coa_development?: GroundingCoaDevelopment | null;
}

/** The inputs as the job's provenance records them (statements: the version the draft is written onto). */
export function coaGroundingInputs(grounding: CoaGrounding, statementIds: readonly string[]) {
  return [
    { kind: 'operation', id: grounding.operation.id, version: String(grounding.operation.revision) },
    ...statementIds.map((id) => ({ kind: 'coa_statement', id, version: '1' })),
    ...grounding.mission_analysis.map((r) => ({ kind: 'planning_record', id: r.id, version: String(r.version) })),
    ...grounding.maps.map((m) => ({ kind: 'map', id: m.id, version: String(m.revision) })),
    ...grounding.maps.flatMap((m) =>
      m.finished_terrain_job_ids.map((id) => ({ kind: 'terrain_job', id, version: 'success' })),
    ),
    ...grounding.maps.flatMap((m) =>
      m.terrain_summary
        ? [{ kind: 'terrain_summary', id: m.terrain_summary.terrain_job_id, version: m.terrain_summary.version }]
        : [],
    ),
    ...grounding.documents.map((d) => ({ kind: 'document', id: d.id, version: `sha256:${d.sha256}` })),
  ];
}
