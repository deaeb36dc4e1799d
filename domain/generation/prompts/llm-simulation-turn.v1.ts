// Prompt, version 1, for one turn of a wargame (ATP 5-0.2-1 step 4, COA analysis): action, reaction,
// counteraction, grounded in the terrain figures of the analyses. A change of wording is a new file.
import type { TurnStepInput } from '../../llm-simulation/simulation-grounding.ts';
import type { PromptMessage } from './grounding-block.ts';
import { SIMULATION_RULES, simulationBlock } from './simulation-block.ts';

export const llmSimulationTurnPromptV1 = {
  version: 'llm-simulation-turn.v1',
  messages: (input: TurnStepInput): PromptMessage[] => [
    {
      role: 'system',
      content:
        'You are the staff wargaming a course of action (MDMP step 4, ATP 5-0.2-1). Write one turn: ' +
        'the critical event, its time, the friendly action, the enemy reaction, the friendly counteraction, ' +
        'the result and any decision point. The result must cite the terrain figures given, with their numbers. ' +
        SIMULATION_RULES,
    },
    {
      role: 'user',
      content: [
        `Write turn ${input.turn} of ${input.grounding.turns}.`,
        simulationBlock(input.grounding),
        input.figures.length > 0
          ? `Terrain figures for this turn:\n${input.figures.map((f) => `- ${f.text}`).join('\n')}`
          : 'Terrain figures for this turn: (none)',
        input.previous.length > 0
          ? `Turns so far:\n${input.previous
              .map((t, i) => `${i + 1}. ${t.critical_event}: ${t.result ?? '(no result)'}`)
              .join('\n')}`
          : 'Turns so far: (none)',
      ].join('\n\n'),
    },
  ],
};
