// Analyses: the aggregate folded with the same decider the commands use, one row per analysis, so
// GET answers from one row and a rebuild reproduces it exactly.
import { analysisJobDecider } from '../../domain/analysis-job/analysis-job-decider.ts';
import { analysisJobEventSchemas, type AnalysisJobEvent } from '../../domain/analysis-job/analysis-job-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import type { AnalysisRow as AnalysisReadRow } from '../queries/analysis-job-queries.ts';
import { isEventOf } from '../is-event-of.ts';

const ANALYSIS_EVENTS: ReadonlySet<string> = new Set(Object.keys(analysisJobEventSchemas));

/** The row the queries read, plus the position of the request; timestamps as the database returns them. */
interface AnalysisRow extends Omit<AnalysisReadRow, 'created_at' | 'updated_at'> {
  requested_position: number;
  created_at: string | Date;
  updated_at: string | Date;
}

export const analysisJobProjector = foldRowsProjector<AnalysisRow>({
  name: 'analysis_jobs',
  table: 'analysis_jobs',
  key: 'analysis_id',
  keyOf: (event) => (isEventOf<AnalysisJobEvent>(event, ANALYSIS_EVENTS) ? event.data.analysis_id : null),
  evolve(row, event) {
    if (!isEventOf<AnalysisJobEvent>(event, ANALYSIS_EVENTS)) return row;
    if (event.type === 'AnalysisRequested' && row) return row;
    const after = analysisJobDecider.evolve(row ? row.state : { status: 'absent' }, event);
    if (after.status === 'absent') return row;
    return {
      analysis_id: after.analysis_id,
      map_id: after.map_id,
      operation_id: after.operation_id,
      account_id: after.account_id,
      analysis_type: after.analysis_type,
      status: after.status,
      layer_id: after.layer_id,
      state: after,
      requested_position: row?.requested_position ?? event.position,
      created_at: row?.created_at ?? event.metadata.occurred_at,
      updated_at: event.metadata.occurred_at,
    };
  },
});
