// OpenAI-compatible HTTP through the official `openai` package (v6: v7 needs Node 22): OpenAI, vLLM,
// Ollama, llama.cpp's server, LM Studio. Structured output through response_format json_schema, tools
// through function calling, always streamed (tokens reach onProgress as they come, usage from the last
// chunk). Retries with exponential backoff on 408/409/429/5xx and connection errors are the SDK's
// (0.5 s doubling to 8 s with jitter, Retry-After and retry-after-ms honoured), up to maxRetries.
import OpenAI from 'openai';
import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import {
  LanguageModelError,
  type ChatMessage,
  type EngineTurnRequest,
  type EngineTurnResult,
  type LanguageModelEngine,
  type ToolCall,
} from './language-model.ts';

export interface OpenAISettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Retries after the first request (SDK backoff). */
  maxRetries: number;
  /** Per HTTP request; the port's deadline bounds the whole call. */
  requestTimeoutMs: number;
}

function toOpenAIMessage(message: ChatMessage): ChatCompletionMessageParam {
  if (message.role === 'tool') {
    return { role: 'tool', tool_call_id: message.tool_call_id ?? '', content: message.content };
  }
  if (message.role === 'assistant') {
    return {
      role: 'assistant',
      content: message.content,
      ...(message.tool_calls?.length
        ? {
            tool_calls: message.tool_calls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: { name: call.name, arguments: JSON.stringify(call.arguments) },
            })),
          }
        : {}),
    };
  }
  return { role: message.role, content: message.content };
}

/** The port's error for what the SDK threw. */
function mapError(error: unknown, settings: OpenAISettings): unknown {
  if (error instanceof OpenAI.APIUserAbortError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    const limit = settings.requestTimeoutMs;
    return new LanguageModelError('LLM_TIMEOUT', `${settings.baseUrl} did not answer within ${limit} ms`);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new LanguageModelError('LLM_UNAVAILABLE', `cannot reach ${settings.baseUrl}: ${error.message}`);
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 'with an error';
    return new LanguageModelError('LLM_UNAVAILABLE', `${settings.baseUrl} answered ${status}: ${error.message}`);
  }
  return error;
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return text;
  }
}

export function createOpenAIEngine(settings: OpenAISettings): LanguageModelEngine {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // Local servers (Ollama, vLLM, llama.cpp) take any key; the SDK insists on one.
    apiKey: settings.apiKey ?? 'no-key',
    maxRetries: settings.maxRetries,
    timeout: settings.requestTimeoutMs,
  });

  async function turn(request: EngineTurnRequest): Promise<EngineTurnResult> {
    const body: ChatCompletionCreateParamsStreaming = {
      model: settings.model,
      messages: request.messages.map(toOpenAIMessage),
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: request.maxTokens,
      temperature: request.temperature,
      seed: request.seed,
    };
    if (request.schema) {
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: request.schema.name, schema: request.schema.schema, strict: false },
      };
    }
    if (request.tools?.length) {
      body.tools = request.tools.map((tool) => ({
        type: 'function' as const,
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      }));
      body.tool_choice = request.toolChoice ?? 'auto';
    }
    let text = '';
    let truncated = false;
    const usage = { prompt_tokens: 0, completion_tokens: 0 };
    const calls: Array<{ id: string; name: string; arguments: string }> = [];
    try {
      const stream = await client.chat.completions.create(body, { signal: request.signal });
      for await (const chunk of stream) {
        if (chunk.usage) {
          usage.prompt_tokens = chunk.usage.prompt_tokens;
          usage.completion_tokens = chunk.usage.completion_tokens;
        }
        const choice = chunk.choices[0];
        if (!choice) continue;
        if (choice.delta.content) {
          text += choice.delta.content;
          request.onToken(choice.delta.content);
        }
        for (const delta of choice.delta.tool_calls ?? []) {
          const call = (calls[delta.index] ??= { id: '', name: '', arguments: '' });
          if (delta.id) call.id = delta.id;
          if (delta.function?.name) call.name += delta.function.name;
          if (delta.function?.arguments) call.arguments += delta.function.arguments;
        }
        if (choice.finish_reason === 'length') truncated = true;
      }
    } catch (error) {
      throw mapError(error, settings);
    }
    const toolCalls: ToolCall[] = calls.filter(Boolean).map((call, index) => ({
      id: call.id || `call_${index}`,
      name: call.name,
      arguments: parseArguments(call.arguments),
    }));
    return { text, toolCalls, usage, truncated };
  }

  return {
    adapter: 'openai',
    model: settings.model,
    turn,
    async close() {},
  };
}
