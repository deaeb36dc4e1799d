// Reads of the terrain questions.
import type { Knex } from 'knex';
import type { TerrainQuestion } from '../../domain/terrain-question/terrain-question-decider.ts';
import { iso } from './iso.ts';
import { jsonColumn } from './json-column.ts';
import { offsetOf, pageOf, type Page, type PageRequest } from './pagination.ts';

export interface TerrainQuestionView {
  question_id: string;
  map_id: string;
  account_id: string;
  state: TerrainQuestion;
  created_at: string;
  updated_at: string;
}

function toView(row: Record<string, unknown>): TerrainQuestionView {
  return {
    question_id: row.question_id as string,
    map_id: row.map_id as string,
    account_id: row.account_id as string,
    state: jsonColumn(row.state),
    created_at: iso(row.created_at as string)!,
    updated_at: iso(row.updated_at as string)!,
  };
}

export async function findTerrainQuestion(knex: Knex, questionId: string): Promise<TerrainQuestionView | null> {
  const row = await knex('terrain_questions').where({ question_id: questionId }).first();
  return row ? toView(row) : null;
}

/** A map's questions, newest first, optionally of one status. */
export async function listTerrainQuestionsOfMap(
  knex: Knex,
  mapId: string,
  filter: { status?: string },
  request: PageRequest,
): Promise<Page<TerrainQuestionView>> {
  const where = (q: Knex.QueryBuilder) => {
    q.where({ map_id: mapId });
    if (filter.status) q.andWhere({ status: filter.status });
    return q;
  };
  const [{ count }] = await where(knex('terrain_questions')).count({ count: '*' });
  const rows = await where(knex('terrain_questions'))
    .orderBy('requested_position', 'desc')
    .offset(offsetOf(request))
    .limit(request.size);
  return pageOf(rows.map(toView), Number(count), request);
}

/** Questions still to be answered (the dispatcher queues them again at start-up). */
export function pendingTerrainQuestions(knex: Knex): Promise<Array<{ question_id: string }>> {
  return knex('terrain_questions').where({ status: 'pending' }).select('question_id');
}
