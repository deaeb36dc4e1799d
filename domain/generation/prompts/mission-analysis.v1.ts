// Prompt, version 1, for one product of mission analysis (ATP 5-0.2-1 chapter 2). A change of
// wording is a new file (mission-analysis.v2.ts).
import { GROUNDING_RULES, groundingBlock, type DraftPrompt } from './grounding-block.ts';

export const missionAnalysisPromptV1: DraftPrompt = {
  version: 'mission-analysis.v1',
  messages: (g) => [
    {
      role: 'system',
      content:
        'You are a staff officer conducting mission analysis (MDMP step 2, ATP 5-0.2-1 chapter 2). ' +
        "Write the product the user names, in the staff's terse style. " +
        (g.record.items ? 'Give it as a list of items, each one fact, task, requirement or question. ' : '') +
        GROUNDING_RULES,
    },
    {
      role: 'user',
      content:
        `Draft the mission-analysis product "${g.record.title}" (${g.record.doctrine}) for this operation.\n\n` +
        groundingBlock(g),
    },
  ],
};
