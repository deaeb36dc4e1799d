// Terrain questions: the aggregate folded with the same decider the commands use, one row per question,
// so GET /api/terrain-questions/{id} answers from one row and a rebuild reproduces it exactly.
import {
  terrainQuestionDecider,
  type TerrainQuestion,
} from '../../domain/terrain-question/terrain-question-decider.ts';
import {
  terrainQuestionEventSchemas,
  type TerrainQuestionEvent,
} from '../../domain/terrain-question/terrain-question-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';

const TERRAIN_QUESTION_EVENTS: ReadonlySet<string> = new Set(Object.keys(terrainQuestionEventSchemas));

export interface TerrainQuestionRow {
  question_id: string;
  map_id: string;
  operation_id: string;
  account_id: string;
  status: string;
  state: TerrainQuestion;
  requested_position: number;
  created_at: string | Date;
  updated_at: string | Date;
}

export const terrainQuestionProjector = foldRowsProjector<TerrainQuestionRow>({
  name: 'terrain_questions',
  table: 'terrain_questions',
  key: 'question_id',
  keyOf: (event) => (isEventOf<TerrainQuestionEvent>(event, TERRAIN_QUESTION_EVENTS) ? event.data.question_id : null),
  evolve(row, event) {
    if (!isEventOf<TerrainQuestionEvent>(event, TERRAIN_QUESTION_EVENTS)) return row;
    if (event.type === 'TerrainQuestionAsked' && row) return row;
    const after = terrainQuestionDecider.evolve(row ? row.state : { status: 'absent' }, event);
    if (after.status === 'absent') return row;
    return {
      question_id: after.question_id,
      map_id: after.map_id,
      operation_id: after.operation_id,
      account_id: after.account_id,
      status: after.status,
      state: after,
      requested_position: row?.requested_position ?? event.position,
      created_at: row?.created_at ?? event.metadata.occurred_at,
      updated_at: event.metadata.occurred_at,
    };
  },
});
