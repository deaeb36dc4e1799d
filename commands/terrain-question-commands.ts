// Terrain questions: the API asks one about a map of the caller's account (active map of an active
// operation, as for analyses); the terrain-question worker answers or fails it (idempotently).
import { randomUUID } from 'node:crypto';
import { mapDecider } from '../domain/map/map-decider.ts';
import { mapStream } from '../domain/map/map-events.ts';
import { operationAsParent, operationDecider } from '../domain/operation/operation-decider.ts';
import { operationStream } from '../domain/operation/operation-events.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import { requireAccess } from '../domain/shared/require-access.ts';
import {
  terrainQuestionDecider,
  type TerrainQuestion,
  type TerrainQuestionCommand,
  type TerrainQuestionState,
} from '../domain/terrain-question/terrain-question-decider.ts';
import { terrainQuestionStream } from '../domain/terrain-question/terrain-question-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';
import { requirePrincipal } from './planning-provenance.ts';

export async function askTerrainQuestion(
  store: EventStore,
  ctx: CommandContext,
  mapId: string,
  input: { question: string; max_steps: number | null },
) {
  const { account_id, api_key_id } = requirePrincipal(ctx);
  const { state: mapState } = await loadState(store, mapStream(mapId), mapDecider);
  const map = requireAccess(mapState.status === 'active' ? mapState : null, account_id, { kind: 'Map', id: mapId });
  const { state: operation } = await loadState(store, operationStream(map.operation_id), operationDecider);
  if (operation.status !== 'active') throw new DomainError('not_found', `Map ${mapId} not found`);
  const questionId = randomUUID();
  const result = await handleCommand({
    store,
    ctx,
    stream: terrainQuestionStream(questionId),
    decider: terrainQuestionDecider,
    operationId: map.operation_id,
    parents: [operationAsParent(map.operation_id)],
    command: {
      type: 'AskTerrainQuestion',
      request: {
        question_id: questionId,
        map_id: mapId,
        operation_id: map.operation_id,
        account_id,
        api_key_id,
        question: input.question,
        max_steps: input.max_steps,
      },
    },
  });
  return { questionId, position: result.position, question: result.state as TerrainQuestion };
}

/** A worker's report (idempotent: a question that already ended changes nothing). */
export async function decideTerrainQuestion(
  store: EventStore,
  ctx: CommandContext,
  operationId: string,
  command: Exclude<TerrainQuestionCommand, { type: 'AskTerrainQuestion' }>,
) {
  return handleCommand({
    store,
    ctx,
    stream: terrainQuestionStream(command.question_id),
    decider: terrainQuestionDecider,
    operationId,
    command,
    retryOnConflict: true,
  });
}

export async function loadTerrainQuestion(store: EventStore, questionId: string): Promise<TerrainQuestionState> {
  return (await loadState(store, terrainQuestionStream(questionId), terrainQuestionDecider)).state;
}
