// Prompt, version 1, for the assessment of a wargame against the evaluation criteria (ATP 5-0.2-1
// step 4; criteria of substep 2.16). A change of wording is a new file.
import type { AssessmentStepInput } from '../../llm-simulation/simulation-grounding.ts';
import type { PromptMessage } from './grounding-block.ts';
import { SIMULATION_RULES, simulationBlock } from './simulation-block.ts';

const criterionLine = (c: AssessmentStepInput['grounding']['criteria'][number], i: number) =>
  `${i + 1}. ${c.name}: ${c.definition ?? '(no definition)'}; unit ${c.unit_of_measure ?? '-'}; ` +
  `benchmark ${c.benchmark ?? '-'}; weight ${c.weight ?? '-'}`;

export const llmSimulationAssessmentPromptV1 = {
  version: 'llm-simulation-assessment.v1',
  messages: (input: AssessmentStepInput): PromptMessage[] => [
    {
      role: 'system',
      content:
        'You are the staff assessing a wargamed course of action against its evaluation criteria. ' +
        'Give one score (0 to 100 in steps of 5, or null when the turns do not tell) and a short rationale per ' +
        'criterion, in the order given. ' +
        SIMULATION_RULES,
    },
    {
      role: 'user',
      content: [
        simulationBlock(input.grounding),
        `Criteria:\n${input.grounding.criteria.map(criterionLine).join('\n')}`,
        `Turns:\n${input.turns
          .map(
            (t, i) =>
              `${i + 1}. ${t.critical_event} | action: ${t.action} | reaction: ` +
              `${t.reaction} | counteraction: ${t.counteraction} | result: ${t.result ?? '-'}`,
          )
          .join('\n')}`,
      ].join('\n\n'),
    },
  ],
};
