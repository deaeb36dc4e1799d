// Prompt, version 2, for one paragraph or sub-paragraph of a warning order (FM 6-0 app. C five-paragraph
// format; minimum contents ATP 5-0.2-1 para 2-107). Version 1 plus the maps' terrain summary figures and
// the completed analyses (grounding block v2). warno.v1.ts stays: jobs that used it name it in their
// provenance. A change of wording is a new file (warno.v3.ts).
import { GROUNDING_RULES_V2, groundingBlockV2, type DraftPrompt } from './grounding-block.ts';

export const warnoPromptV2: DraftPrompt = {
  version: 'warno.v2',
  messages: (g) => [
    {
      role: 'system',
      content:
        'You are a staff officer drafting a warning order (WARNO) in the five-paragraph format of FM 6-0 ' +
        'appendix C. A WARNO is brief: it gives subordinates what they need to start preparing. ' +
        'Paragraph 1.b (area of operations) states terrain and weather; initial movement instructions use the ' +
        'routes analysed. ' +
        GROUNDING_RULES_V2,
    },
    {
      role: 'user',
      content: `Draft WARNO ${g.record.title} (${g.record.doctrine}) for this operation.\n\n${groundingBlockV2(g)}`,
    },
  ],
};
