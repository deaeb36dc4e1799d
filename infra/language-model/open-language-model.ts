// Opens the language model the configuration names (LLM_PROVIDER, or inferred: LLM_BASE_URL → openai,
// LLM_MODEL_PATH → llama_cpp, neither → the rule-based drafter).
import type { LanguageModel } from './language-model.ts';
import { createLanguageModel } from './create-language-model.ts';
import { createLlamaCppEngine } from './llama-cpp-engine.ts';
import { createOpenAIEngine } from './openai-engine.ts';
import { createRuleBasedEngine, type RuleBasedRules } from './rule-based-engine.ts';

interface CommonSettings {
  /** Whole call (repairs and tool steps included); also each HTTP request's timeout. */
  timeoutMs: number;
  maxTokens: number;
  repairAttempts: number;
  maxToolSteps: number;
}

export type LanguageModelSettings = CommonSettings &
  (
    | { provider: 'openai'; baseUrl: string; apiKey: string | null; model: string; maxRetries: number }
    | { provider: 'llama_cpp'; modelPath: string; contextSize: number; threads: number }
    | { provider: 'rule_based' }
  );

export async function openLanguageModel(
  settings: LanguageModelSettings,
  rules: RuleBasedRules = {},
): Promise<LanguageModel> {
  const defaults = {
    timeoutMs: settings.timeoutMs,
    maxTokens: settings.maxTokens,
    repairAttempts: settings.repairAttempts,
    maxToolSteps: settings.maxToolSteps,
  };
  switch (settings.provider) {
    case 'openai':
      return createLanguageModel(
        createOpenAIEngine({
          baseUrl: settings.baseUrl,
          apiKey: settings.apiKey,
          model: settings.model,
          maxRetries: settings.maxRetries,
          requestTimeoutMs: settings.timeoutMs,
        }),
        defaults,
      );
    case 'llama_cpp':
      return createLanguageModel(
        await createLlamaCppEngine({
          modelPath: settings.modelPath,
          contextSize: settings.contextSize,
          threads: settings.threads,
        }),
        defaults,
      );
    case 'rule_based':
      return createLanguageModel(createRuleBasedEngine(rules), defaults);
  }
}
