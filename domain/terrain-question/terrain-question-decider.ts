// The terrain question: asked through the API, answered or failed by the worker that runs the terrain
// agent. Pure. Worker reports are idempotent: a redelivered task reporting on a question that already
// ended changes nothing.
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type {
  TerrainAgentProvenance,
  TerrainQuestionEvent,
  TerrainQuestionFailureCode,
  TerrainQuestionRequest,
  TerrainQuestionStatus,
  TerrainToolCall,
} from './terrain-question-events.ts';

export interface TerrainQuestion extends TerrainQuestionRequest {
  status: TerrainQuestionStatus;
  answer: string | null;
  tool_calls: TerrainToolCall[];
  provenance: TerrainAgentProvenance | null;
  error: { code: TerrainQuestionFailureCode; message: string } | null;
}

export type TerrainQuestionState = { status: 'absent' } | TerrainQuestion;

export type TerrainQuestionCommand =
  | { type: 'AskTerrainQuestion'; request: TerrainQuestionRequest }
  | {
      type: 'AnswerTerrainQuestion';
      question_id: string;
      answer: string;
      tool_calls: TerrainToolCall[];
      provenance: TerrainAgentProvenance;
    }
  | {
      type: 'FailTerrainQuestion';
      question_id: string;
      code: TerrainQuestionFailureCode;
      message: string;
      tool_calls: TerrainToolCall[];
    };

type CommandOf<T extends TerrainQuestionCommand['type']> = Extract<TerrainQuestionCommand, { type: T }>;

function requireQuestion(state: TerrainQuestionState, id: string): TerrainQuestion {
  if (state.status === 'absent') throw new DomainError('not_found', `Terrain question ${id} not found`);
  return state;
}

function askTerrainQuestion(command: CommandOf<'AskTerrainQuestion'>, state: TerrainQuestionState) {
  if (state.status !== 'absent') {
    throw new DomainError('conflict', `Terrain question ${command.request.question_id} already exists`);
  }
  if (!/\S/.test(command.request.question)) {
    throw new DomainError('invalid', 'The question is blank', ['body', 'question']);
  }
  return [{ type: 'TerrainQuestionAsked', data: command.request }] satisfies TerrainQuestionEvent[];
}

function answerTerrainQuestion(
  command: CommandOf<'AnswerTerrainQuestion'>,
  state: TerrainQuestionState,
): TerrainQuestionEvent[] {
  const question = requireQuestion(state, command.question_id);
  if (question.status !== 'pending') return [];
  return [
    {
      type: 'TerrainQuestionAnswered',
      data: {
        question_id: question.question_id,
        answer: command.answer.slice(0, 20_000),
        tool_calls: command.tool_calls,
        provenance: command.provenance,
      },
    },
  ];
}

function failTerrainQuestion(
  command: CommandOf<'FailTerrainQuestion'>,
  state: TerrainQuestionState,
): TerrainQuestionEvent[] {
  const question = requireQuestion(state, command.question_id);
  if (question.status !== 'pending') return [];
  return [
    {
      type: 'TerrainQuestionFailed',
      data: {
        question_id: question.question_id,
        code: command.code,
        message: command.message.slice(0, 4000),
        tool_calls: command.tool_calls,
      },
    },
  ];
}

export const terrainQuestionDecider: Decider<TerrainQuestionCommand, TerrainQuestionEvent, TerrainQuestionState> = {
  initialState: () => ({ status: 'absent' }),
  decide(command, state) {
    switch (command.type) {
      case 'AskTerrainQuestion':
        return askTerrainQuestion(command, state);
      case 'AnswerTerrainQuestion':
        return answerTerrainQuestion(command, state);
      case 'FailTerrainQuestion':
        return failTerrainQuestion(command, state);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'TerrainQuestionAsked':
        return { ...event.data, status: 'pending', answer: null, tool_calls: [], provenance: null, error: null };
      case 'TerrainQuestionAnswered':
        if (state.status === 'absent') return state;
        return {
          ...state,
          status: 'answered',
          answer: event.data.answer,
          tool_calls: event.data.tool_calls,
          provenance: event.data.provenance,
        };
      case 'TerrainQuestionFailed':
        if (state.status === 'absent') return state;
        return {
          ...state,
          status: 'failed',
          tool_calls: event.data.tool_calls,
          error: { code: event.data.code, message: event.data.message },
        };
    }
  },
};
