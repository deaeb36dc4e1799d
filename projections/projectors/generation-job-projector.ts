// Generation jobs: the aggregate folded with the same decider the commands use, one row per job, so
// GET /api/generation-jobs/{id} answers from one row and a rebuild reproduces it exactly.
import { generationJobDecider, type GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';
import {
  generationJobEventSchemas,
  type GenerationJobEvent,
} from '../../domain/generation-job/generation-job-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';

const GENERATION_EVENTS: ReadonlySet<string> = new Set(Object.keys(generationJobEventSchemas));

export interface GenerationJobRow {
  job_id: string;
  operation_id: string;
  account_id: string;
  target_kind: string;
  record_id: string;
  status: string;
  state: GenerationJob;
  requested_position: number;
  created_at: string | Date;
  updated_at: string | Date;
}

export const generationJobProjector = foldRowsProjector<GenerationJobRow>({
  name: 'generation_jobs',
  table: 'generation_jobs',
  key: 'job_id',
  keyOf: (event) => (isEventOf<GenerationJobEvent>(event, GENERATION_EVENTS) ? event.data.job_id : null),
  evolve(row, event) {
    if (!isEventOf<GenerationJobEvent>(event, GENERATION_EVENTS)) return row;
    if (event.type === 'GenerationRequested' && row) return row;
    const after = generationJobDecider.evolve(row ? row.state : { status: 'absent' }, event);
    if (after.status === 'absent') return row;
    return {
      job_id: after.job_id,
      operation_id: after.operation_id,
      account_id: after.account_id,
      target_kind: after.target_kind,
      record_id: after.record_id,
      status: after.status,
      state: after,
      requested_position: row?.requested_position ?? event.position,
      created_at: row?.created_at ?? event.metadata.occurred_at,
      updated_at: event.metadata.occurred_at,
    };
  },
});
