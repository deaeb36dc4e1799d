// Reads what a COA generation is grounded in, when the worker runs: the operation's facts exactly as
// every record draft sees them (gatherGrounding: operation, maps with terrain summaries, completed
// analyses, documents), and every mission-analysis product written so far (from its stream).
import type { DocumentCitation } from '../../commands/document-commands.ts';
import { loadPlanningRecord } from '../../commands/generation-job-commands.ts';
import type { GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';
import type { CoaGrounding, GroundingMissionAnalysis } from '../../domain/generation/coa-grounding.ts';
import { MISSION_ANALYSIS_CATALOGUE } from '../../domain/planning-record/planning-catalogues.ts';
import { planningRecordId } from '../../domain/planning-record/planning-record-events.ts';
import { gatherGrounding } from './gather-grounding.ts';

type GatherDependencies = Parameters<typeof gatherGrounding>[0];

export async function gatherCoaGrounding(
  deps: GatherDependencies,
  job: GenerationJob,
): Promise<{
  grounding: CoaGrounding;
  /** The documents read, which the drafts cite; and those deleted since the request. */
  citations: DocumentCitation[];
  deletedDocuments: string[];
}> {
  const restated = planningRecordId('mission_analysis', job.operation_id, 'restated_mission');
  const { grounding, citations, deletedDocuments } = await gatherGrounding(deps, {
    ...job,
    target_kind: 'mission_analysis',
    record_id: restated,
    record_type: 'restated_mission',
  });
  const missionAnalysis: GroundingMissionAnalysis[] = [];
  for (const entry of MISSION_ANALYSIS_CATALOGUE) {
    const id = planningRecordId('mission_analysis', job.operation_id, entry.type);
    const { state, revision } = await loadPlanningRecord(deps.store, 'mission_analysis', id);
    if (state.status !== 'active') continue;
    missionAnalysis.push({
      id,
      type: entry.type,
      title: entry.title,
      version: revision + 1,
      text: state.text,
      item_texts: state.items.map((i) => i.text),
    });
  }
  return {
    grounding: {
      operation: grounding.operation,
      mission_analysis: missionAnalysis,
      maps: grounding.maps,
      documents: grounding.documents,
      instructions: grounding.instructions,
      count: job.coa_statements?.coa_statement_ids.length ?? 0,
    },
    citations,
    deletedDocuments,
  };
}
