// Embedded llama.cpp through node-llama-cpp: a GGUF model from LLM_MODEL_PATH on the CPU (prebuilt
// binary from npm, never a build or a download at run time). Structured output is constrained by a
// grammar made from the request's schema (createGrammarForJsonSchema); tool turns by a grammar of
// "one call or the answer" (grammar-schema.ts), so any GGUF model can call tools. One context sequence:
// turns run one at a time.
import {
  getLlama,
  LlamaChat,
  LlamaLogLevel,
  type ChatHistoryItem,
  type Llama,
  type LlamaGrammar,
} from 'node-llama-cpp';
import {
  LanguageModelError,
  type ChatMessage,
  type EngineTurnRequest,
  type EngineTurnResult,
  type JsonSchema,
  type LanguageModelEngine,
  type ToolCall,
} from './language-model.ts';
import { newToolCallId } from './create-language-model.ts';
import { grammarSchema, toolTurnSchema } from './grammar-schema.ts';

/** node-llama-cpp's schema type; ours is plain JSON Schema mapped onto its subset by grammar-schema.ts. */
type GrammarSchema = Parameters<Llama['createGrammarForJsonSchema']>[0];

export interface LlamaCppSettings {
  modelPath: string;
  /** Context window in tokens. */
  contextSize: number;
  /** CPU threads of one evaluation. */
  threads: number;
}

function describeTools(request: EngineTurnRequest): string {
  const tools = (request.tools ?? []).map(
    (tool) => `- ${tool.name}: ${tool.description}\n  arguments: ${JSON.stringify(tool.parameters)}`,
  );
  return (
    'You can call these tools. Reply with one JSON object: {"tool": name, "arguments": {...}} to call one, ' +
    `or {"answer": "..."} when you can answer.\n${tools.join('\n')}`
  );
}

function chatHistory(request: EngineTurnRequest): ChatHistoryItem[] {
  const instructions = request.schema
    ? `Reply with one JSON document valid against this JSON Schema: ${JSON.stringify(request.schema.schema)}`
    : describeTools(request);
  const history: ChatHistoryItem[] = [];
  const systemText = request.messages.filter((m) => m.role === 'system').map((m) => m.content);
  history.push({ type: 'system', text: [...systemText, instructions].join('\n\n') });
  for (const message of request.messages as ChatMessage[]) {
    if (message.role === 'user') history.push({ type: 'user', text: message.content });
    else if (message.role === 'tool') {
      history.push({ type: 'user', text: `Tool result (${message.tool_call_id}): ${message.content}` });
    } else if (message.role === 'assistant') {
      const calls = (message.tool_calls ?? []).map((call) =>
        JSON.stringify({ tool: call.name, arguments: call.arguments }),
      );
      history.push({ type: 'model', response: [message.content, ...calls].filter(Boolean) });
    }
  }
  history.push({ type: 'model', response: [] });
  return history;
}

/** A tool turn's reply: a call or the answer. Unparsable text is returned as the answer text, unvalidated. */
function parseToolReply(text: string): { answer: string; calls: ToolCall[] } {
  try {
    const reply = JSON.parse(text) as { tool?: string; arguments?: unknown; answer?: string };
    if (typeof reply.tool === 'string') {
      return { answer: '', calls: [{ id: newToolCallId(), name: reply.tool, arguments: reply.arguments }] };
    }
    if (typeof reply.answer === 'string') return { answer: reply.answer, calls: [] };
  } catch {
    // fall through: a cut-off reply is an answer the caller can judge
  }
  return { answer: text, calls: [] };
}

async function loadLlama(settings: LlamaCppSettings) {
  let llama: Llama;
  try {
    llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error, progressLogs: false });
  } catch (error) {
    const reason = (error as Error).message;
    throw new LanguageModelError('LLM_UNAVAILABLE', `llama.cpp binary for this platform is not installed: ${reason}`);
  }
  try {
    const model = await llama.loadModel({ modelPath: settings.modelPath, gpuLayers: 0 });
    const context = await model.createContext({
      contextSize: settings.contextSize,
      threads: settings.threads,
      sequences: 1,
    });
    return { llama, model, context };
  } catch (error) {
    await llama.dispose();
    const reason = (error as Error).message;
    throw new LanguageModelError('LLM_UNAVAILABLE', `cannot load GGUF model ${settings.modelPath}: ${reason}`);
  }
}

/** Loads the model (once) and answers turns on it. */
export async function createLlamaCppEngine(settings: LlamaCppSettings): Promise<LanguageModelEngine> {
  const { llama, model, context } = await loadLlama(settings);
  const sequence = context.getSequence();
  const chat = new LlamaChat({ contextSequence: sequence });
  const grammars = new WeakMap<JsonSchema, Promise<LlamaGrammar>>();
  const grammarFor = (schema: JsonSchema, build: () => JsonSchema) => {
    let grammar = grammars.get(schema);
    if (!grammar) {
      grammar = llama.createGrammarForJsonSchema(build() as GrammarSchema);
      grammars.set(schema, grammar);
    }
    return grammar;
  };
  const toolGrammars = new WeakMap<object, Map<string, Promise<LlamaGrammar>>>();
  let queue: Promise<unknown> = Promise.resolve();

  async function turn(request: EngineTurnRequest): Promise<EngineTurnResult> {
    request.signal.throwIfAborted();
    let grammar: LlamaGrammar;
    try {
      const schema = request.schema?.schema;
      if (schema) grammar = await grammarFor(schema, () => grammarSchema(schema));
      else {
        const tools = request.tools ?? [];
        const choice = request.toolChoice ?? 'auto';
        const byChoice = toolGrammars.get(tools) ?? new Map<string, Promise<LlamaGrammar>>();
        toolGrammars.set(tools, byChoice);
        let pending = byChoice.get(choice);
        if (!pending) {
          pending = llama.createGrammarForJsonSchema(toolTurnSchema(tools, choice) as GrammarSchema);
          byChoice.set(choice, pending);
        }
        grammar = await pending;
      }
    } catch (error) {
      const reason = (error as Error).message;
      throw new LanguageModelError('LLM_UNAVAILABLE', `llama.cpp cannot build a grammar for this schema: ${reason}`);
    }
    const before = sequence.tokenMeter.getState();
    const response = await chat.generateResponse(chatHistory(request), {
      grammar,
      maxTokens: request.maxTokens,
      temperature: request.temperature,
      seed: request.seed,
      signal: request.signal,
      onTextChunk: request.onToken,
    });
    const after = sequence.tokenMeter.getState();
    const usage = {
      prompt_tokens: after.usedInputTokens - before.usedInputTokens,
      completion_tokens: after.usedOutputTokens - before.usedOutputTokens,
    };
    const truncated = response.metadata.stopReason === 'maxTokens';
    if (request.schema) return { text: response.response, toolCalls: [], usage, truncated };
    const reply = parseToolReply(response.response);
    return { text: reply.answer, toolCalls: reply.calls, usage, truncated };
  }

  return {
    adapter: 'llama_cpp',
    model: String(model.fileInfo.metadata.general?.name ?? settings.modelPath),
    turn(request) {
      const result = queue.then(() => turn(request));
      queue = result.catch(() => {});
      return result;
    },
    async close() {
      await queue;
      chat.dispose();
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    },
  };
}
