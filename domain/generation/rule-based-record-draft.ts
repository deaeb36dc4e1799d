// Rule-based drafts of the WARNO paragraphs and the mission-analysis products: deterministic, built
// only from what the service knows — the higher headquarters' order as the order reader recorded it,
// the newest terrain evaluation (domain/mission-analysis/ turns both into each product, every line and
// item citing its source), the maps' terrain summaries and completed analyses — every text opening with
// RULE_BASED_MARK so no one mistakes it for a model's or a person's work. A product without facts is
// one line naming the missing input.
import type { Grounding, GroundingMap } from './generation-grounding.ts';
import { MAX_DRAFT_ITEMS, MAX_DRAFT_TEXT, type RecordDraft } from './record-draft-schema.ts';
import { describeAnalysis } from './describe-analysis.ts';
import { describeTerrainSummary, percent, type TerrainFigures } from './describe-terrain-summary.ts';
import { WORLDCOVER } from '../terrain/mobility-config.ts';
import { formatQuantity } from '../shared/format-quantity.ts';
import { missionAnalysisProduct } from '../mission-analysis/mission-analysis-products.ts';
import { warnoParagraph } from '../mission-analysis/warno-paragraphs.ts';
import { renderProduct } from '../mission-analysis/render-product.ts';
import type { Product } from '../mission-analysis/mission-analysis-facts.ts';
import type { MissionAnalysisType, WarnoType } from '../planning-record/planning-catalogues.ts';
import { missionAnalysisFactsOf } from './grounding-facts.ts';
import type { ItemCitation } from '../planning-record/planning-items.ts';

/** The language-model task name a planning-record draft runs under (the drafter's key). */
export const RECORD_DRAFT_TASK = 'planning_record_draft';
export const RULE_BASED_MARK = '*Rule-based draft (no language model): review and complete.*';
const SOURCE = 'rule-based draft';

type Item = NonNullable<RecordDraft['items']>[number];

const who = (g: Grounding) => `${g.operation.unit} (${g.operation.echelon}, ${g.operation.branch})`;
const mapNames = (g: Grounding) => g.maps.map((m) => m.name).join(', ');
const prepared = (g: Grounding) => g.maps.filter((m) => m.finished_terrain_job_ids.length > 0);
const marking = (d: Grounding['documents'][number]) => `${d.file_name} (${d.classification ?? 'unmarked'})`;
/** An item of the list, only when the condition holds. */
const itemIf = (condition: boolean, kind: string, text: string): Item[] =>
  condition ? [{ kind, text, source: SOURCE, cites: [{ kind: 'rule', ref: 'ASSUME-ORDER-COMING' }] }] : [];

function areaLines(g: Grounding): string[] {
  if (g.maps.length === 0) return ['No map of the operation exists yet (draw the area on a map).'];
  const ready = prepared(g);
  const plural = g.maps.length > 1 ? 's' : '';
  return [
    `The area is drawn on map${plural} ${mapNames(g)}.`,
    ready.length > 0
      ? `Terrain data is prepared for ${ready.map((m) => m.name).join(', ')}: ` +
        `see the terrain analyses of ${ready.length > 1 ? 'those maps' : 'that map'}.`
      : 'No terrain data is prepared yet (run a terrain job on the map).',
  ];
}

const analysesOn = (g: Grounding, map: GroundingMap) => (g.analyses ?? []).filter((a) => a.map_id === map.id);
const summarised = (g: Grounding) => g.maps.filter((m) => m.terrain_summary);
const sentence = (text: string) => `${text}.`;

/** A map's terrain figures in one paragraph, and its analyses one a line (WARNO 1.b). */
function terrainParagraph(g: Grounding, map: GroundingMap): string[] {
  const analyses = analysesOn(g, map).map((a) => sentence(describeAnalysis(a.results)));
  if (!map.terrain_summary) return analyses.length > 0 ? [`Analyses of ${map.name}:`, ...analyses] : [];
  const f = describeTerrainSummary(map.terrain_summary);
  const people = [f.population, f.buildings].filter((x): x is string => x !== null);
  return [
    `Terrain of ${map.name}: ${f.area}; elevation ${f.elevation}; slope ${f.slope}; land cover ${f.landCover}; ` +
      `mobility ${f.mobility}; roads ${f.roads}${people.length > 0 ? `; ${people.join(', ')}` : ''}.`,
    ...warningLines(map.name, f),
    ...analyses,
  ];
}

/** The summary's data warnings, so a draft never presents invented or degenerate terrain as fact. */
const warningLines = (name: string, f: TerrainFigures) =>
  f.warnings ? [`Terrain data warnings for ${name}: ${f.warnings}.`] : [];

/**
 * A map's terrain as the OAKOC aspects of terrain analysis (ATP 2-01.3 ch. 4; ATP 5-0.2-1 substep 2.2):
 * each aspect with the figures of the summary and the analyses that bear on it (key terrain: the
 * high ground and landing zones; the terrain evaluation names candidates).
 */
function oakocLines(g: Grounding, map: GroundingMap): string[] {
  const results = analysesOn(g, map).map((a) => a.results);
  const said = (...types: string[]) => results.filter((r) => types.includes(r.type)).map(describeAnalysis);
  const s = map.terrain_summary;
  if (!s) {
    return results.length > 0 ? [`Analyses of ${map.name}:`, ...results.map((r) => sentence(describeAnalysis(r)))] : [];
  }
  const f = describeTerrainSummary(s);
  const cover = (code: number) => s.land_cover_shares[String(code)] ?? 0;
  const steep = (s.slope_degrees_shares['30-45'] ?? 0) + (s.slope_degrees_shares['>45'] ?? 0);
  const wet = [
    [WORLDCOVER.permanentWater, 'water'],
    [WORLDCOVER.herbaceousWetland, 'wetland'],
    [WORLDCOVER.mangroves, 'mangroves'],
  ] as const;
  const seen = said('viewshed', 'line_of_sight');
  const high = s.elevation_m ? `; the high ground reaches ${formatQuantity(s.elevation_m.max, 'elevation')}` : '';
  const water = wet.filter(([code]) => cover(code) > 0).map(([code, name]) => `; ${name} ${percent(cover(code))}`);
  const rf = said('rf_coverage');
  return [
    `Terrain of ${map.name} (terrain summary, ${f.area}):`,
    `Observation and fields of fire: elevation ${f.elevation}; ` +
      `${seen.length > 0 ? seen.join('; ') : 'no viewshed or line of sight analysed yet'}.`,
    `Avenues of approach: roads ${f.roads}; cross-country ${f.mobility}` +
      `${said('route')
        .map((r) => `; ${r}`)
        .join('')}.`,
    `Key terrain (summary): ${
      [high.slice(2), ...said('landing_zones')].filter((x) => x.length > 0).join('; ') || 'no figure names it'
    }.`,
    `Obstacles: NO-GO ${Object.entries(s.mobility_shares)
      .map(([v, m]) => `${v} ${percent(m.no_go)}`)
      .join(', ')}; ` +
      `slopes over 30° ${percent(steep)}` +
      `${water.join('')}.`,
    `Cover and concealment: tree cover ${percent(cover(WORLDCOVER.treeCover))}, ` +
      `built-up ${percent(cover(WORLDCOVER.builtUp))}.`,
    ...(rf.length > 0 ? [`Line-of-sight communications: ${rf.join('; ')}.`] : []),
    ...warningLines(map.name, f),
  ];
}

/** The maps' terrain figures and analyses (facts of their own) beside the terrain evaluation's. */
const SUMMARY_EXTRAS: Record<string, (g: Grounding) => string[]> = {
  'warno:area_of_operations': (g) => [...areaLines(g), ...g.maps.flatMap((m) => terrainParagraph(g, m))],
  'mission_analysis:terrain_and_weather': (g) => [...areaLines(g), ...g.maps.flatMap((m) => oakocLines(g, m))],
  'warno:initial_movement_instructions': (g) => {
    const routes = (g.analyses ?? []).filter((a) => a.results.type === 'route');
    return routes.length > 0 ? ['Routes analysed:', ...routes.map((a) => sentence(describeAnalysis(a.results)))] : [];
  },
};

/** The facts of the service's own records (mission analysis, facts and assumptions), each citing its record. */
function recordFacts(g: Grounding, orderAttached: boolean): Item[] {
  const fact = (text: string, cites: ItemCitation[]): Item => ({ kind: 'fact', text, source: SOURCE, cites });
  return [
    fact(`${g.operation.unit} is a ${g.operation.echelon} of the ${g.operation.branch} branch.`, [
      { kind: 'operation', ref: 'unit, echelon, branch' },
    ]),
    ...(g.maps.length > 0
      ? [
          fact(`The operation is planned on ${g.maps.length} map(s): ${mapNames(g)}.`, [
            { kind: 'operation', ref: 'maps' },
          ]),
        ]
      : []),
    ...summarised(g).map((m) => {
      const f = describeTerrainSummary(m.terrain_summary!);
      return fact(`${m.name}: ${f.area}, elevation ${f.elevation}, roads ${f.roads}.`, [
        { kind: 'terrain_summary', ref: `${m.name} (terrain job ${m.terrain_summary!.terrain_job_id})` },
      ]);
    }),
    ...(g.analyses ?? []).map((a) =>
      fact(sentence(describeAnalysis(a.results)), [{ kind: 'analysis', ref: a.title, analysis_id: a.id }]),
    ),
    ...g.documents.map((d) =>
      fact(`Document ${marking(d)} is available.`, [{ kind: 'document', ref: d.file_name, document_id: d.id }]),
    ),
    ...itemIf(!orderAttached, 'assumption', "The higher headquarters' order will be received before COA development."),
  ];
}

/** The product of a mission-analysis or WARNO type from the facts; null for another kind. */
function productOf(g: Grounding): Product | null {
  const facts = missionAnalysisFactsOf(g);
  if (g.record.kind === 'mission_analysis') return missionAnalysisProduct(g.record.type as MissionAnalysisType, facts);
  if (g.record.kind === 'warno') return warnoParagraph(g.record.type as WarnoType, facts);
  return null;
}

function fallback(g: Grounding): { lines: string[]; items?: Item[] } {
  return {
    lines: [`${g.record.title} (${g.record.doctrine}) for operation ${g.operation.name}, ${who(g)}: TBD by the staff.`],
    ...(g.record.items ? { items: [] } : {}),
  };
}

export function draftRecordByRules(g: Grounding): RecordDraft {
  const key = `${g.record.kind}:${g.record.type}`;
  const product = productOf(g);
  let lines: string[];
  let items: Item[] | undefined;
  if (product) {
    const rendered = renderProduct(product, g.record.items !== null);
    const extras = SUMMARY_EXTRAS[key]?.(g) ?? [];
    lines = [...rendered.lines, ...extras];
    items = rendered.items as Item[];
    if (key === 'mission_analysis:facts_and_assumptions') {
      items = [...items, ...recordFacts(g, missionAnalysisFactsOf(g).order !== null)].slice(0, MAX_DRAFT_ITEMS);
    }
  } else {
    ({ lines, items } = fallback(g));
  }
  const instructions = g.instructions
    ? [`Instructions given (not interpreted by the rule-based drafter): ${g.instructions}`]
    : [];
  const text = fitText([RULE_BASED_MARK, ...lines, ...instructions]);
  return g.record.items ? { text, items: (items ?? []).slice(0, MAX_DRAFT_ITEMS) } : { text };
}

/** The paragraphs within the draft's text limit: the last ones that do not fit are left out, and the text says so. */
function fitText(paragraphs: string[]): string {
  const text = paragraphs.join('\n\n');
  if (text.length <= MAX_DRAFT_TEXT) return text;
  const kept: string[] = [];
  for (const p of paragraphs) {
    const note = `(${paragraphs.length - kept.length - 1} more paragraph(s) left out: the draft's text limit)`;
    if ([...kept, p, note].join('\n\n').length > MAX_DRAFT_TEXT) {
      const cut = `(${paragraphs.length - kept.length} more paragraph(s) left out: the draft's text limit)`;
      return [...kept, cut].join('\n\n');
    }
    kept.push(p);
  }
  return kept.join('\n\n');
}
