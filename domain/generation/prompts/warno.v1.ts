// Prompt, version 1, for one paragraph or sub-paragraph of a warning order (FM 6-0 app. C five-paragraph
// format; minimum contents ATP 5-0.2-1 para 2-107). A change of wording is a new file (warno.v2.ts).
import { GROUNDING_RULES, groundingBlock, type DraftPrompt } from './grounding-block.ts';

export const warnoPromptV1: DraftPrompt = {
  version: 'warno.v1',
  messages: (g) => [
    {
      role: 'system',
      content:
        'You are a staff officer drafting a warning order (WARNO) in the five-paragraph format of FM 6-0 ' +
        'appendix C. A WARNO is brief: it gives subordinates what they need to start preparing. ' +
        GROUNDING_RULES,
    },
    {
      role: 'user',
      content: `Draft WARNO ${g.record.title} (${g.record.doctrine}) for this operation.\n\n${groundingBlock(g)}`,
    },
  ],
};
