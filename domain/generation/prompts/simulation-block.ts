// The part both wargame prompts share: the operation, the COA statement with its sections, the enemy
// COA, the evaluation criteria, documents and instructions, as plain labelled text.
import type { SimulationGrounding } from '../../llm-simulation/simulation-grounding.ts';

const METHOD_TEXT = {
  belt: 'belt method: the area is divided into belts across the front, wargamed one belt per turn',
  avenue_in_depth: 'avenue-in-depth method: one avenue of approach, wargamed from the front to its depth',
  box: 'box method: one critical area, wargamed turn by turn',
} as const;

export function simulationBlock(g: SimulationGrounding): string {
  const lines = [
    `Operation: ${g.operation.name}; unit ${g.operation.unit} ` +
      `(echelon ${g.operation.echelon}, branch ${g.operation.branch})`,
    `Operation description: ${g.operation.description ?? '(none)'}`,
    `COA: ${g.coa.name}`,
    `COA statement: ${g.coa.description ?? '(none)'}`,
    ...g.coa.sections.map(
      (s) => `COA section "${s.title}"${s.field ? ` [${s.field}]` : ''}: ${s.content ?? '(empty)'}`,
    ),
    `Wargaming: ${METHOD_TEXT[g.method]}, ${g.turns} turn(s)`,
    `Enemy COA: ${g.enemy_coa ?? '(not given: say TBD)'}`,
    ...g.documents.flatMap((d) =>
      d.text_excerpt
        ? [`--- start of ${d.file_name} ---`, d.text_excerpt, `--- end of ${d.file_name} excerpt ---`]
        : [`Document ${d.file_name} (no text)`],
    ),
  ];
  if (g.instructions) lines.push(`Staff instructions: ${g.instructions}`);
  return lines.join('\n');
}

export const SIMULATION_RULES = [
  'Use only the facts given; never invent units, places, times or enemy details beyond them.',
  'Where a fact is missing, write "TBD" and name what is missing.',
  'Answer with one JSON object matching the schema.',
].join(' ');
