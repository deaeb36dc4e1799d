// The rule-based drafter: the default adapter when no model is configured. Deterministic: the same
// task and input always give the same output, drafted by a rule registered for the task (built from
// what the service knows: the operation, its maps, terrain summary, analyses, document text). A task
// without a rule gets the schema's smallest instance with a marker in every string, and a tool run
// without a rule answers plainly that it cannot. Its provenance says `rule_based: true`.
import {
  LanguageModelError,
  type ChatMessage,
  type EngineTurnRequest,
  type EngineTurnResult,
  type JsonSchema,
  type LanguageModelEngine,
  type ToolDefinition,
} from './language-model.ts';
import { newToolCallId } from './create-language-model.ts';
import { schemaSkeleton } from './schema-skeleton.ts';

export const RULE_BASED_MODEL = 'rule-based-drafter/1';

/** Drafts a structured output from the task's input. */
export type RuleBasedDrafter = (input: unknown, schema: JsonSchema) => unknown;

/** One step of a tool run: the calls to make next, or the answer (given the messages so far). */
export type RuleBasedToolRule = (context: {
  input: unknown;
  messages: ChatMessage[];
  tools: ToolDefinition[];
  toolChoice: 'auto' | 'required' | 'none';
}) => { calls: Array<{ name: string; arguments: unknown }> } | { answer: string };

export interface RuleBasedRules {
  drafters?: Record<string, RuleBasedDrafter>;
  toolRules?: Record<string, RuleBasedToolRule>;
}

/** The marker every placeholder string carries. */
export function ruleBasedPlaceholder(task: string): string {
  return `Rule-based draft (${task}): no language model configured; to be written by the staff.`;
}

function draftTurn(rules: RuleBasedRules, request: EngineTurnRequest): EngineTurnResult {
  if (request.schema) {
    const drafter = rules.drafters?.[request.task];
    const value = drafter
      ? drafter(request.input, request.schema.schema)
      : schemaSkeleton(request.schema.schema, ruleBasedPlaceholder(request.task));
    const text = JSON.stringify(value);
    request.onToken(text);
    return { text, toolCalls: [], usage: { prompt_tokens: 0, completion_tokens: 0 }, truncated: false };
  }
  if (request.tools) {
    const rule = rules.toolRules?.[request.task];
    const step = rule
      ? rule({
          input: request.input,
          messages: request.messages,
          tools: request.tools,
          toolChoice: request.toolChoice ?? 'auto',
        })
      : {
          answer:
            `The rule-based drafter cannot answer this: it has no rule for ${request.task}. ` +
            'Configure a language model (LLM_PROVIDER) for free-form questions.',
        };
    if ('answer' in step) {
      request.onToken(step.answer);
      return { text: step.answer, toolCalls: [], usage: { prompt_tokens: 0, completion_tokens: 0 }, truncated: false };
    }
    const toolCalls = step.calls.map((call) => ({ id: newToolCallId(), name: call.name, arguments: call.arguments }));
    return { text: '', toolCalls, usage: { prompt_tokens: 0, completion_tokens: 0 }, truncated: false };
  }
  throw new LanguageModelError(
    'LLM_UNAVAILABLE',
    'the rule-based drafter writes structured output and runs tool rules only',
  );
}

export function createRuleBasedEngine(rules: RuleBasedRules = {}): LanguageModelEngine {
  return {
    adapter: 'rule_based',
    model: RULE_BASED_MODEL,
    async turn(request) {
      request.signal.throwIfAborted();
      return draftTurn(rules, request);
    },
    async close() {},
  };
}
