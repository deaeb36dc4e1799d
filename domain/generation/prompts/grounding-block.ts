// The part every prompt shares: the operation's own data, as plain labelled text, and the rules
// that keep a draft grounded in it (nothing invented; gaps said plainly).
import type { Grounding } from '../generation-grounding.ts';

export interface PromptMessage {
  role: 'system' | 'user';
  content: string;
}

/** A versioned prompt: the version goes into every job's provenance. */
export interface DraftPrompt {
  version: string;
  messages(grounding: Grounding): PromptMessage[];
}

const mapLine = (m: Grounding['maps'][number]) =>
  `${m.name} (terrain data ${m.finished_terrain_job_ids.length > 0 ? 'prepared' : 'not prepared'})`;

export function groundingBlock(g: Grounding): string {
  const op = g.operation;
  const lines = [
    `Operation: ${op.name}`,
    `Unit: ${op.unit} (echelon ${op.echelon}, branch ${op.branch})`,
    `Description: ${op.description ?? '(none)'}`,
    `Maps: ${g.maps.length === 0 ? '(none)' : g.maps.map(mapLine).join('; ')}`,
  ];
  if (g.documents.length === 0) lines.push('Documents: (none)');
  for (const d of g.documents) {
    const description = d.description ? `: ${d.description}` : '';
    lines.push(`Document ${d.file_name} [${d.classification ?? 'unmarked'}]${description}`);
    if (d.text_excerpt) {
      lines.push(`--- start of ${d.file_name} ---`, d.text_excerpt, `--- end of ${d.file_name} excerpt ---`);
    }
  }
  const current = [g.record.text, ...g.record.item_texts].filter((t): t is string => !!t);
  lines.push(`Current content of the record: ${current.length === 0 ? '(empty)' : current.join(' | ')}`);
  if (g.instructions) lines.push(`Staff instructions: ${g.instructions}`);
  return lines.join('\n');
}

export const GROUNDING_RULES = [
  'Use only the facts given below; never invent units, places, times or enemy details.',
  'Where the facts do not say something the paragraph needs, write "TBD" and name what is missing.',
  'Answer with one JSON object matching the schema: "text" in Markdown, and "items" when the schema asks for them.',
].join(' ');
