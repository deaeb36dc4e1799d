// The prompt each record kind is drafted with (the current version of each).
import type { GenerationTargetKind } from '../../generation-job/generation-job-events.ts';
import type { DraftPrompt } from './grounding-block.ts';
import { missionAnalysisPromptV1 } from './mission-analysis.v1.ts';
import { warnoPromptV1 } from './warno.v1.ts';

export const DRAFT_PROMPTS: Record<GenerationTargetKind, DraftPrompt> = {
  warno: warnoPromptV1,
  mission_analysis: missionAnalysisPromptV1,
};
