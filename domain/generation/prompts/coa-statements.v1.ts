// Prompt, version 1, for drafting several COA statements and sketches at once (MDMP step 3, COA
// development: ATP 5-0.2-1 paras 2-130 to 2-146; FM 5-0 screening criteria). A change of wording is
// a new file (coa-statements.v2.ts).
import type { CoaGrounding } from '../coa-grounding.ts';
import { FORMS_OF_MANEUVER } from '../coa-draft-schema.ts';
import { groundingBlock, type PromptMessage } from './grounding-block.ts';

export interface CoaDraftPrompt {
  version: string;
  messages(grounding: CoaGrounding): PromptMessage[];
}

function missionAnalysisBlock(g: CoaGrounding): string {
  if (g.mission_analysis.length === 0) return 'Mission analysis: (no product written yet)';
  return g.mission_analysis
    .map((r) => {
      const parts = [r.text, ...r.item_texts].filter((t): t is string => !!t);
      return `Mission analysis, ${r.title}: ${parts.join(' | ')}`;
    })
    .join('\n');
}

/** The operation's facts, as the record prompts give them (the block's record line left out). */
function factsBlock(g: CoaGrounding): string {
  const block = groundingBlock({
    operation: g.operation,
    maps: g.maps,
    documents: g.documents,
    instructions: g.instructions,
    record: {
      kind: 'mission_analysis',
      type: 'coa',
      title: '',
      doctrine: '',
      items: null,
      version: 0,
      text: null,
      item_texts: [],
    },
  });
  return block
    .split('\n')
    .filter((line) => !line.startsWith('Current content of the record:'))
    .join('\n');
}

/** The COAs developed on facts (domain/coa-development), one line each, and the inputs missing. */
function developmentBlock(g: CoaGrounding): string {
  const d = g.coa_development;
  // Only when there are developed COAs: without them the prompt stays as it was (small local models).
  if (!d || d.coas.length === 0) return '';
  const lines = d.coas.map((c) => {
    const role = (r: string) =>
      c.units
        .filter((u) => u.role === r)
        .map((u) => u.name)
        .join(', ') || 'none';
    const fr = c.feasibility.force_ratio.figures;
    return (
      `- ${c.name}: main effort ${role('main_effort')} on ${c.main_axis.avenue_id} to ${c.objectives[0]?.name ?? '?'} ` +
      `(${c.objectives[0]?.mgrs ?? '?'}); supporting effort ${role('supporting_effort')}; reserve ${role('reserve')}; ` +
      `force ratio ${fr.ratio_label ?? 'not computed'} against ${fr.minimum_label ?? '?'} (${c.feasibility.force_ratio.verdict}); ` +
      `time ${c.feasibility.time.reason} ${c.form_reason}`
    );
  });
  return [
    '',
    'COAs developed on facts by the service rules (build COA n on line n: keep its units, avenue, objective, ' +
      'form of maneuver and figures):',
    ...lines,
    ...d.missing.map((m) => `Missing: ${m}`),
  ].join('\n');
}

export const coaStatementsPromptV1: CoaDraftPrompt = {
  version: 'coa-statements.v1',
  messages: (g) => [
    {
      role: 'system',
      content:
        'You are a staff officer developing courses of action (MDMP step 3, ATP 5-0.2-1). ' +
        `Draft exactly ${g.count} COAs that differ significantly from one another in form of maneuver, ` +
        'main effort and task organization (FM 5-0: distinguishable). For each give a short name, the COA ' +
        'statement (who, what, when, where, why, how), the form of maneuver (one of ' +
        `${FORMS_OF_MANEUVER.join(', ')}), the main effort, the task organization (unit and task), the decisive, ` +
        'shaping and sustaining operations, the reserve, the end state, and up to three sections (phases, ' +
        'sketch notes: control measures), each naming the COA statement field it develops. ' +
        'Give "screening" verdicts on feasible, acceptable and suitable only when the facts support a ' +
        'judgement, each with its rationale; leave them out otherwise. ' +
        'Use only the facts given; never invent units, places, times or enemy details; write "TBD" and name ' +
        'what is missing where the facts are silent. Answer with one JSON object matching the schema.',
    },
    {
      role: 'user',
      content:
        `Draft ${g.count} courses of action for this operation.\n\n${factsBlock(g)}\n${missionAnalysisBlock(g)}` +
        developmentBlock(g),
    },
  ],
};
