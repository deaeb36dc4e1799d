// The language-model port (DESIGN.md §9): structured generation against a JSON Schema, tool calls,
// streamed progress, timeouts, token usage and typed errors. Adapters implement the small
// `LanguageModelEngine` (one model turn); `createLanguageModel` (create-language-model.ts) wraps an engine
// into this port and owns what every adapter shares: the deadline, validation of every output with ajv
// against the schema, bounded repair (re-asking with the validation errors), the tool loop and usage.
// Adapters: OpenAI-compatible HTTP (openai-engine.ts), embedded llama.cpp (llama-cpp-engine.ts) and the
// rule-based drafter (rule-based-engine.ts). One contract suite (test/infra/language-model/language-model.test.ts).

/** Which adapter produced an output: recorded in every generated record's provenance. */
export const LANGUAGE_MODEL_ADAPTERS = ['openai', 'llama_cpp', 'rule_based'] as const;
export type LanguageModelAdapter = (typeof LANGUAGE_MODEL_ADAPTERS)[number];

export const LANGUAGE_MODEL_ERROR_CODES = ['LLM_UNAVAILABLE', 'LLM_TIMEOUT', 'LLM_INVALID_OUTPUT'] as const;
export type LanguageModelErrorCode = (typeof LANGUAGE_MODEL_ERROR_CODES)[number];

/** A failed generation. `code` is what a job records and a client sees; the message says why. */
export class LanguageModelError extends Error {
  constructor(
    readonly code: LanguageModelErrorCode,
    message: string,
    /** For LLM_INVALID_OUTPUT: the validation errors of the last attempt. */
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'LanguageModelError';
  }
}

export type JsonSchema = Record<string, unknown>;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** On an assistant message that called tools. */
  tool_calls?: ToolCall[];
  /** On a tool message: the call it answers. */
  tool_call_id?: string;
}

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them (parsed JSON; may be invalid for the tool's schema). */
  arguments: unknown;
}

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  parameters: JsonSchema;
}

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** What streams while a generation runs. */
export type GenerationProgress =
  | { type: 'token'; text: string }
  | { type: 'attempt'; attempt: number; errors: string[] }
  | { type: 'tool_call'; call: ToolCall }
  | { type: 'tool_result'; call_id: string; name: string; ok: boolean };

/** Common to every request. */
export interface GenerationOptions {
  /**
   * What is being generated (e.g. 'warno_paragraph'). Names the prompt's purpose; the rule-based
   * drafter looks its rules up by it.
   */
  task: string;
  /** The grounding data (JSON): the rule-based drafter drafts from it; model prompts embed it. */
  input?: unknown;
  messages: ChatMessage[];
  /** Longest time for the whole call, repair attempts and tool steps included (default from settings). */
  timeoutMs?: number;
  maxTokens?: number;
  /** Fixed seed and temperature 0 by default, so runs are reproducible where the engine allows. */
  seed?: number;
  temperature?: number;
  signal?: AbortSignal;
  onProgress?: (progress: GenerationProgress) => void;
}

export interface StructuredRequest extends GenerationOptions {
  /** The output schema: the engine is constrained by it where it can be, every output is validated by it. */
  schema: JsonSchema;
  /** Short identifier of the schema (OpenAI's json_schema.name): letters, digits, '_' and '-'. */
  schemaName: string;
  /** Repair attempts after the first (default from settings); 0 means no re-asking. */
  repairAttempts?: number;
  /**
   * Checks of a schema-valid output beyond its schema (e.g. that it states only the facts it was given:
   * domain/generation/fact-check/): the errors, empty when it passes. An output that fails is repaired
   * (re-asked with the errors) and at last refused with LLM_INVALID_OUTPUT, as a schema-invalid one.
   */
  check?: { name: string; errors: (value: unknown) => string[] };
}

/** Provenance of one call: what a generated record keeps. */
export interface GenerationProvenance {
  adapter: LanguageModelAdapter;
  model: string;
  /** True for the rule-based drafter: the output is a deterministic draft, not a model's. */
  rule_based: boolean;
  usage: TokenUsage;
  /** Model turns used (1 + repairs for structured output; steps for tools). */
  attempts: number;
  duration_ms: number;
}

export interface StructuredResult<T = unknown> extends GenerationProvenance {
  value: T;
}

export interface ToolRunRequest extends GenerationOptions {
  /** `execute` gets arguments already valid against `parameters`, and the run's deadline signal. */
  tools: Array<ToolDefinition & { execute: (args: unknown, signal: AbortSignal) => Promise<unknown> }>;
  /**
   * Most model turns (default from settings). The last turn is offered no tools, so a run always ends
   * with an answer.
   */
  maxSteps?: number;
  /** The first turn must call a tool (an answer grounded in at least one tool result). */
  requireToolCall?: boolean;
}

/** One executed call as recorded in an answer: arguments, result or error. */
export interface ToolCallRecord {
  call: ToolCall;
  result?: unknown;
  error?: string;
}

export interface ToolRunResult extends GenerationProvenance {
  answer: string;
  calls: ToolCallRecord[];
}

/** The port. */
export interface LanguageModel {
  readonly adapter: LanguageModelAdapter;
  readonly model: string;
  /** A JSON value valid against `schema`, or LanguageModelError. */
  generateStructured<T = unknown>(request: StructuredRequest): Promise<StructuredResult<T>>;
  /** Lets the model call tools until it answers in text (function calling). */
  runTools(request: ToolRunRequest): Promise<ToolRunResult>;
  close(): Promise<void>;
}

/** One model turn as an engine sees it. */
export interface EngineTurnRequest {
  task: string;
  input: unknown;
  messages: ChatMessage[];
  /** Set for structured output: constrain the reply to this schema where the engine can. */
  schema?: { name: string; schema: JsonSchema };
  /** Set for tool use: the reply is either tool calls or a final text answer. */
  tools?: ToolDefinition[];
  /** With tools: 'required' must call one, 'none' must answer. */
  toolChoice?: 'auto' | 'required' | 'none';
  maxTokens: number;
  seed: number;
  temperature: number;
  signal: AbortSignal;
  onToken: (text: string) => void;
}

export interface EngineTurnResult {
  /** The reply text (for structured output: the JSON text). */
  text: string;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  /** The engine stopped at maxTokens: the reply is cut off. */
  truncated: boolean;
}

/**
 * An adapter: one turn against one model. It throws LanguageModelError with LLM_UNAVAILABLE or
 * LLM_TIMEOUT for transport failures, and lets an AbortError from `signal` through.
 */
export interface LanguageModelEngine {
  readonly adapter: LanguageModelAdapter;
  readonly model: string;
  turn(request: EngineTurnRequest): Promise<EngineTurnResult>;
  close(): Promise<void>;
}
