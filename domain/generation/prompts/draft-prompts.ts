// The prompt each record kind is drafted with (the current version of each).
import type { PlanningDraftKind } from '../../generation-job/generation-job-events.ts';
import type { DraftPrompt } from './grounding-block.ts';
import { missionAnalysisPromptV2 } from './mission-analysis.v2.ts';
import { warnoPromptV2 } from './warno.v2.ts';

export const DRAFT_PROMPTS: Record<PlanningDraftKind, DraftPrompt> = {
  warno: warnoPromptV2,
  mission_analysis: missionAnalysisPromptV2,
};
