// Terrain-question workers: take a question's task, let the language model (the configured adapter; the
// rule-based agent by default) call the terrain tools until it answers, and record the answer with
// every tool call, its arguments, result or error and duration (also logged, one line per call). A
// model that is down, times out or gives no answer fails the question with its code. An unexpected
// error throws: the task is redelivered, and after its last delivery the dead-letter handler records
// QUESTION_RETRIES_EXHAUSTED.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { decideTerrainQuestion, loadTerrainQuestion } from '../../commands/terrain-question-commands.ts';
import { TERRAIN_QUESTION_TASK } from '../../domain/terrain-question/answer-terrain-question-by-rules.ts';
import { terrainAgentPromptV1 } from '../../domain/terrain-question/prompts/terrain-agent.v1.ts';
import type { TerrainQuestion } from '../../domain/terrain-question/terrain-question-decider.ts';
import {
  MAX_RECORDED_TOOL_CALLS,
  type TerrainQuestionFailureCode,
  type TerrainToolCall,
} from '../../domain/terrain-question/terrain-question-events.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import {
  LanguageModelError,
  type LanguageModel,
  type ToolCall,
  type ToolCallRecord,
  type ToolRunRequest,
} from '../../infra/language-model/language-model.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { jobContext } from '../jobs/job-context.ts';
import { terrainAgentTools, type TerrainToolDependencies } from './terrain-agent-tool-executors.ts';
import { mapNameOf } from '../../projections/queries/map-queries.ts';

export interface TerrainQuestionWorkerDependencies extends TerrainToolDependencies {
  languageModel: LanguageModel;
  logger: Logger;
}

/** The asker is the writer of record; events correlate to the question. */
export const questionContext = (question: TerrainQuestion) => jobContext(question, question.question_id);

/** The question while it is still to be answered; null once it ended. */
export async function pendingQuestion(store: EventStore, questionId: string): Promise<TerrainQuestion | null> {
  const question = await loadTerrainQuestion(store, questionId);
  return question.status === 'pending' ? question : null;
}

/** A value as JSON stores it (undefined members dropped, NaN → null), so the event equals its replay. */
const asJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * Watches a run's progress: each call's duration, and each executed call's outcome (for a failed run).
 * Every call is logged as it ends.
 */
function callRecorder(question: TerrainQuestion, logger: Logger) {
  const started = new Map<string, number>();
  const durations = new Map<string, number>();
  const outcomes = new Map<string, { result?: unknown; error?: string }>();
  const seen: ToolCall[] = [];
  return {
    /** Wraps a tool's executor to keep its outcome (the port runs calls one at a time, after 'tool_call'). */
    keeping(tool: ToolRunRequest['tools'][number]): ToolRunRequest['tools'][number] {
      return {
        ...tool,
        async execute(args, signal) {
          const id = seen.at(-1)?.id ?? '';
          try {
            const result = await tool.execute(args, signal);
            outcomes.set(id, { result });
            return result;
          } catch (error) {
            outcomes.set(id, { error: (error as Error).message ?? String(error) });
            throw error;
          }
        },
      };
    },
    onProgress(progress: { type: string; call?: ToolCall; call_id?: string; ok?: boolean; name?: string }) {
      if (progress.type === 'tool_call' && progress.call) {
        seen.push(progress.call);
        started.set(progress.call.id, Date.now());
      } else if (progress.type === 'tool_result' && progress.call_id) {
        const duration = Date.now() - (started.get(progress.call_id) ?? Date.now());
        durations.set(progress.call_id, duration);
        const call = seen.find((c) => c.id === progress.call_id);
        // A call the port refused (unknown tool, invalid arguments) never reached its executor.
        const outcome = outcomes.get(progress.call_id) ?? { error: 'refused: unknown tool or invalid arguments' };
        logger.info(
          {
            question_id: question.question_id,
            map_id: question.map_id,
            tool: call?.name,
            arguments: call?.arguments,
            duration_ms: duration,
            ok: progress.ok,
            ...outcome,
          },
          'terrain agent tool call',
        );
      }
    },
    /** The calls of a finished run as the question records them. */
    record(calls: ToolCallRecord[]): TerrainToolCall[] {
      return calls.slice(0, MAX_RECORDED_TOOL_CALLS).map(({ call, result, error }) => {
        const duration = durations.get(call.id) ?? 0;
        return {
          id: call.id.slice(0, 200),
          name: call.name.slice(0, 200),
          arguments: asJson(call.arguments),
          ...(error === undefined ? { result: asJson(result) } : { error: error.slice(0, 4000) }),
          duration_ms: duration,
        };
      });
    },
    /** Calls made before a run failed, with the outcomes their executors gave. */
    made(): ToolCallRecord[] {
      return seen.map((call) => ({ call, ...(outcomes.get(call.id) ?? { error: 'not executed: the run failed' }) }));
    },
  };
}

async function mapName(knex: Knex, mapId: string): Promise<string> {
  return (await mapNameOf(knex, mapId)) ?? mapId;
}

export async function runTerrainQuestion(
  deps: TerrainQuestionWorkerDependencies,
  question: TerrainQuestion,
  control?: TaskControl,
): Promise<void> {
  const started = Date.now();
  const ctx = questionContext(question);
  const recorder = callRecorder(question, deps.logger);
  const prompt = terrainAgentPromptV1;
  const heartbeat = () => control?.heartbeat();
  const fail = (code: TerrainQuestionFailureCode, message: string) =>
    decideTerrainQuestion(deps.store, ctx, question.operation_id, {
      type: 'FailTerrainQuestion',
      question_id: question.question_id,
      code,
      message,
      tool_calls: recorder.record(recorder.made()),
    });
  let result;
  try {
    result = await deps.languageModel.runTools({
      task: TERRAIN_QUESTION_TASK,
      input: { question: question.question, map_id: question.map_id },
      messages: prompt.messages({
        question: question.question,
        map: { id: question.map_id, name: await mapName(deps.knex, question.map_id) },
      }),
      tools: terrainAgentTools(deps, question.map_id, heartbeat).map((tool) => recorder.keeping(tool)),
      ...(question.max_steps === null ? {} : { maxSteps: question.max_steps }),
      onProgress: (progress) => {
        heartbeat();
        recorder.onProgress(progress as Parameters<typeof recorder.onProgress>[0]);
      },
    });
  } catch (error) {
    if (error instanceof LanguageModelError) {
      deps.logger.warn({ question_id: question.question_id, code: error.code, err: error }, 'terrain question failed');
      await fail(error.code, error.message);
      return;
    }
    throw error;
  }
  await decideTerrainQuestion(deps.store, ctx, question.operation_id, {
    type: 'AnswerTerrainQuestion',
    question_id: question.question_id,
    answer: result.answer,
    tool_calls: recorder.record(result.calls),
    provenance: {
      adapter: result.adapter,
      model: result.model.slice(0, 500),
      rule_based: result.rule_based,
      prompt_version: prompt.version,
      usage: result.usage,
      attempts: result.attempts,
      duration_ms: Date.now() - started,
    },
  });
}
