// Prompt, version 2, for one product of mission analysis (ATP 5-0.2-1 chapter 2). Version 1 plus the
// maps' terrain summary figures and the completed analyses (grounding block v2), and the OAKOC order
// of terrain analysis. mission-analysis.v1.ts stays: jobs that used it name it in their provenance.
// A change of wording is a new file (mission-analysis.v3.ts).
import { GROUNDING_RULES_V2, groundingBlockV2, type DraftPrompt } from './grounding-block.ts';

export const missionAnalysisPromptV2: DraftPrompt = {
  version: 'mission-analysis.v2',
  messages: (g) => [
    {
      role: 'system',
      content:
        'You are a staff officer conducting mission analysis (MDMP step 2, ATP 5-0.2-1 chapter 2). ' +
        "Write the product the user names, in the staff's terse style. " +
        (g.record.items ? 'Give it as a list of items, each one fact, task, requirement or question. ' : '') +
        'Analyse terrain by OAKOC: observation and fields of fire, avenues of approach, key terrain, obstacles, ' +
        'cover and concealment. ' +
        GROUNDING_RULES_V2,
    },
    {
      role: 'user',
      content:
        `Draft the mission-analysis product "${g.record.title}" (${g.record.doctrine}) for this operation.\n\n` +
        groundingBlockV2(g),
    },
  ],
};
