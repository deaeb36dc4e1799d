// The part every prompt shares: the operation's own data, as plain labelled text, and the rules
// that keep a draft grounded in it (nothing invented; gaps said plainly).
import type { Grounding } from '../generation-grounding.ts';
import { describeAnalysis } from '../describe-analysis.ts';
import { describeTerrainSummary } from '../describe-terrain-summary.ts';

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

/** Version 1 of the block (prompts v1): the operation, maps, documents, current content, instructions. */
export function groundingBlock(g: Grounding): string {
  return blockLines(g, []).join('\n');
}

/** Each map's terrain summary figures and every completed analysis, labelled (prompts v2). */
export function terrainAndAnalysisLines(g: Grounding): string[] {
  const lines: string[] = [];
  for (const m of g.maps) {
    if (!m.terrain_summary) continue;
    const f = describeTerrainSummary(m.terrain_summary);
    const extra = [f.population, f.buildings]
      .filter((x): x is string => x !== null)
      .map((x) => `; ${x}`)
      .join('');
    lines.push(
      `Terrain summary of ${m.name}: area ${f.area}; elevation ${f.elevation}; slope ${f.slope}; ` +
        `land cover ${f.landCover}; mobility ${f.mobility}; roads ${f.roads}${extra}` +
        (f.warnings ? `; data warnings: ${f.warnings}` : ''),
    );
  }
  if (lines.length === 0) lines.push('Terrain summaries: (none)');
  const analyses = g.analyses ?? [];
  if (analyses.length === 0) lines.push('Analyses: (none)');
  const mapName = (id: string) => g.maps.find((m) => m.id === id)?.name ?? id;
  for (const a of analyses) lines.push(`Analysis on ${mapName(a.map_id)}: ${describeAnalysis(a.results)}`);
  return lines;
}

/** Version 2 of the block: version 1 with the terrain summaries and analyses after the maps. */
export function groundingBlockV2(g: Grounding): string {
  return blockLines(g, terrainAndAnalysisLines(g)).join('\n');
}

function blockLines(g: Grounding, afterMaps: string[]): string[] {
  const op = g.operation;
  const lines = [
    `Operation: ${op.name}`,
    `Unit: ${op.unit} (echelon ${op.echelon}, branch ${op.branch})`,
    `Description: ${op.description ?? '(none)'}`,
    `Maps: ${g.maps.length === 0 ? '(none)' : g.maps.map(mapLine).join('; ')}`,
    ...afterMaps,
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
  return lines;
}

export const GROUNDING_RULES = [
  'Use only the facts given below; never invent units, places, times or enemy details.',
  'Where the facts do not say something the paragraph needs, write "TBD" and name what is missing.',
  'Answer with one JSON object matching the schema: "text" in Markdown, and "items" when the schema asks for them.',
].join(' ');

/** Prompts v2: the v1 rules, and how to use the terrain figures and analysis results. */
export const GROUNDING_RULES_V2 =
  `${GROUNDING_RULES} Quote terrain figures and analysis results exactly as given, ` +
  'with their units and MGRS references; where the paragraph covers terrain or movement, use them.';
