// Wraps an engine (one model turn) into the LanguageModel port: the deadline, validation and bounded
// repair of structured output, the tool loop, usage and provenance. Every adapter gets the same
// behaviour from here, which is what the contract suite checks.
import { randomUUID } from 'node:crypto';
import {
  LanguageModelError,
  type ChatMessage,
  type EngineTurnRequest,
  type EngineTurnResult,
  type GenerationOptions,
  type LanguageModel,
  type LanguageModelEngine,
  type StructuredRequest,
  type StructuredResult,
  type TokenUsage,
  type ToolCallRecord,
  type ToolRunRequest,
  type ToolRunResult,
} from './language-model.ts';
import { outputSchemaErrors } from './output-validator.ts';

export interface LanguageModelDefaults {
  timeoutMs: number;
  maxTokens: number;
  repairAttempts: number;
  /** Tool runs: most model turns. */
  maxToolSteps: number;
}

export const DEFAULT_LANGUAGE_MODEL_SETTINGS: LanguageModelDefaults = {
  timeoutMs: 120_000,
  maxTokens: 2048,
  repairAttempts: 2,
  maxToolSteps: 6,
};

interface Deadline {
  signal: AbortSignal;
  /** Rejects with the mapped error when the deadline passes or the caller aborts. */
  aborted: Promise<never>;
  dispose(): void;
}

function startDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  let rejectAborted: (error: unknown) => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    rejectAborted = reject;
  });
  aborted.catch(() => {});
  const timer = setTimeout(() => {
    const error = new LanguageModelError(
      'LLM_TIMEOUT',
      `the language model gave no complete answer within ${timeoutMs} ms`,
    );
    controller.abort(error);
    rejectAborted(error);
  }, timeoutMs);
  const onCallerAbort = () => {
    controller.abort(callerSignal!.reason);
    rejectAborted(callerSignal!.reason);
  };
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    aborted,
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

/** Runs one engine turn under the deadline; whatever the engine throws is mapped to the port's errors. */
async function runTurn(
  engine: LanguageModelEngine,
  deadline: Deadline,
  request: EngineTurnRequest,
): Promise<EngineTurnResult> {
  try {
    return await Promise.race([engine.turn(request), deadline.aborted]);
  } catch (error) {
    if (deadline.signal.aborted) throw deadline.signal.reason;
    if (error instanceof LanguageModelError) throw error;
    const reason = (error as Error).message ?? String(error);
    throw new LanguageModelError('LLM_UNAVAILABLE', `${engine.adapter} model failed: ${reason}`);
  }
}

function addUsage(total: TokenUsage, usage: TokenUsage): void {
  total.prompt_tokens += usage.prompt_tokens;
  total.completion_tokens += usage.completion_tokens;
}

function repairMessage(errors: string[], against: string): ChatMessage {
  return {
    role: 'user',
    content:
      `Your reply is not valid against ${against}:\n` +
      errors.map((error) => `- ${error}`).join('\n') +
      '\nReply again with only the corrected JSON document.',
  };
}

/** The parse and validation errors of one structured reply (empty: valid). */
function structuredReplyErrors(
  request: StructuredRequest,
  turn: EngineTurnResult,
): { value?: unknown; errors: string[]; against?: string } {
  let value: unknown;
  try {
    value = JSON.parse(turn.text);
  } catch (error) {
    const cut = turn.truncated ? ' (the reply was cut off at the token limit)' : '';
    return { errors: [`the reply is not JSON${cut}: ${(error as Error).message}`] };
  }
  const errors = outputSchemaErrors(request.schema, value);
  if (errors.length) return { errors };
  const checked = request.check?.errors(value) ?? [];
  return checked.length ? { errors: checked, against: request.check!.name } : { value, errors };
}

export function createLanguageModel(
  engine: LanguageModelEngine,
  defaults: LanguageModelDefaults = DEFAULT_LANGUAGE_MODEL_SETTINGS,
): LanguageModel {
  const turnRequest = (
    options: GenerationOptions,
    signal: AbortSignal,
    messages: ChatMessage[],
  ): EngineTurnRequest => ({
    task: options.task,
    input: options.input ?? null,
    messages,
    maxTokens: options.maxTokens ?? defaults.maxTokens,
    seed: options.seed ?? 0,
    temperature: options.temperature ?? 0,
    signal,
    onToken: (text) => options.onProgress?.({ type: 'token', text }),
  });
  const provenance = (started: number, usage: TokenUsage, attempts: number) => ({
    adapter: engine.adapter,
    model: engine.model,
    rule_based: engine.adapter === 'rule_based',
    usage,
    attempts,
    duration_ms: Date.now() - started,
  });

  return {
    adapter: engine.adapter,
    model: engine.model,

    async generateStructured<T>(request: StructuredRequest): Promise<StructuredResult<T>> {
      const started = Date.now();
      const deadline = startDeadline(request.timeoutMs ?? defaults.timeoutMs, request.signal);
      const usage: TokenUsage = { prompt_tokens: 0, completion_tokens: 0 };
      const messages = [...request.messages];
      const attempts = 1 + (request.repairAttempts ?? defaults.repairAttempts);
      let errors: string[] = [];
      let against = 'the required JSON Schema';
      try {
        for (let attempt = 1; attempt <= attempts; attempt++) {
          if (attempt > 1) request.onProgress?.({ type: 'attempt', attempt, errors });
          const turn = await runTurn(engine, deadline, {
            ...turnRequest(request, deadline.signal, messages),
            schema: { name: request.schemaName, schema: request.schema },
          });
          addUsage(usage, turn.usage);
          const reply = structuredReplyErrors(request, turn);
          if (reply.errors.length === 0) {
            return { value: reply.value as T, ...provenance(started, usage, attempt) };
          }
          errors = reply.errors;
          against = reply.against ?? 'the required JSON Schema';
          messages.push({ role: 'assistant', content: turn.text }, repairMessage(errors, against));
        }
      } finally {
        deadline.dispose();
      }
      throw new LanguageModelError(
        'LLM_INVALID_OUTPUT',
        `no output valid against ${against === 'the required JSON Schema' ? request.schemaName : against} after ` +
          `${attempts} attempt(s): ${errors.slice(0, 3).join('; ')}`,
        errors,
      );
    },

    async runTools(request: ToolRunRequest): Promise<ToolRunResult> {
      const started = Date.now();
      const deadline = startDeadline(request.timeoutMs ?? defaults.timeoutMs, request.signal);
      const usage: TokenUsage = { prompt_tokens: 0, completion_tokens: 0 };
      const messages = [...request.messages];
      const tools = new Map(request.tools.map((tool) => [tool.name, tool]));
      const definitions = request.tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
      const calls: ToolCallRecord[] = [];
      const maxSteps = request.maxSteps ?? defaults.maxToolSteps;
      try {
        for (let step = 1; step <= maxSteps; step++) {
          const toolChoice = step === maxSteps ? 'none' : step === 1 && request.requireToolCall ? 'required' : 'auto';
          const turn = await runTurn(engine, deadline, {
            ...turnRequest(request, deadline.signal, messages),
            tools: definitions,
            toolChoice,
          });
          addUsage(usage, turn.usage);
          if (turn.toolCalls.length === 0 || toolChoice === 'none') {
            if (turn.text === '') {
              throw new LanguageModelError('LLM_INVALID_OUTPUT', `the model gave an empty answer at step ${step}`);
            }
            return { answer: turn.text, calls, ...provenance(started, usage, step) };
          }
          messages.push({ role: 'assistant', content: turn.text, tool_calls: turn.toolCalls });
          for (const call of turn.toolCalls) {
            request.onProgress?.({ type: 'tool_call', call });
            const record = await executeToolCall(tools, call, deadline.signal);
            calls.push(record);
            const ok = record.error === undefined;
            request.onProgress?.({ type: 'tool_result', call_id: call.id, name: call.name, ok });
            const content = JSON.stringify(ok ? (record.result ?? null) : { error: record.error });
            messages.push({ role: 'tool', tool_call_id: call.id, content });
          }
          if (deadline.signal.aborted) throw deadline.signal.reason;
        }
      } finally {
        deadline.dispose();
      }
      throw new LanguageModelError('LLM_INVALID_OUTPUT', `the model gave no answer within ${maxSteps} step(s)`);
    },

    close: () => engine.close(),
  };
}

/** Runs one call; an unknown tool, invalid arguments or a failing tool become an error the model reads. */
async function executeToolCall(
  tools: Map<string, ToolRunRequest['tools'][number]>,
  call: ToolCallRecord['call'],
  signal: AbortSignal,
): Promise<ToolCallRecord> {
  const tool = tools.get(call.name);
  if (!tool) return { call, error: `unknown tool ${JSON.stringify(call.name)}` };
  const errors = outputSchemaErrors(tool.parameters, call.arguments);
  if (errors.length) return { call, error: `invalid arguments: ${errors.join('; ')}` };
  try {
    return { call, result: await tool.execute(call.arguments, signal) };
  } catch (error) {
    return { call, error: (error as Error).message ?? String(error) };
  }
}

/** A call id for engines whose protocol has none. */
export function newToolCallId(): string {
  return `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
}
