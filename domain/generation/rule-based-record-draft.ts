// Rule-based drafts of the WARNO paragraphs and the mission-analysis products: deterministic, built
// only from what the service knows (operation fields, maps, their newest terrain summaries and
// completed analyses, attached documents), every text opening with RULE_BASED_MARK so no one mistakes it for
// a model's or a person's work. A type without a rule of its own gets a stub naming the doctrine
// and what the staff must add.
import type { Grounding, GroundingMap } from './generation-grounding.ts';
import { MAX_DRAFT_ITEMS, type RecordDraft } from './record-draft-schema.ts';
import { describeAnalysis } from './describe-analysis.ts';
import { describeTerrainSummary, percent, type TerrainFigures } from './describe-terrain-summary.ts';
import { WORLDCOVER } from '../terrain/mobility-config.ts';
import { formatQuantity } from '../shared/format-quantity.ts';

/** The language-model task name a planning-record draft runs under (the drafter's key). */
export const RECORD_DRAFT_TASK = 'planning_record_draft';
export const RULE_BASED_MARK = '*Rule-based draft (no language model): review and complete.*';
const SOURCE = 'rule-based draft';

type Item = NonNullable<RecordDraft['items']>[number];
type Rule = (g: Grounding) => { lines: string[]; items?: Item[] };

const who = (g: Grounding) => `${g.operation.unit} (${g.operation.echelon}, ${g.operation.branch})`;
const mapNames = (g: Grounding) => g.maps.map((m) => m.name).join(', ');
const prepared = (g: Grounding) => g.maps.filter((m) => m.finished_terrain_job_ids.length > 0);
const marking = (d: Grounding['documents'][number]) => `${d.file_name} (${d.classification ?? 'unmarked'})`;
/** An item of the list, only when the condition holds. */
const itemIf = (condition: boolean, kind: string, text: string): Item[] =>
  condition ? [{ kind, text, source: SOURCE }] : [];

function areaLines(g: Grounding): string[] {
  if (g.maps.length === 0) return ['No map of the operation exists yet: the area is TBD (draw it on a map).'];
  const ready = prepared(g);
  const plural = g.maps.length > 1 ? 's' : '';
  return [
    `The area is drawn on map${plural} ${mapNames(g)}.`,
    ready.length > 0
      ? `Terrain data is prepared for ${ready.map((m) => m.name).join(', ')}: ` +
        `see the terrain analyses of ${ready.length > 1 ? 'those maps' : 'that map'}.`
      : 'No terrain data is prepared yet: terrain and weather are TBD (run a terrain job on the map).',
  ];
}

const analysesOn = (g: Grounding, map: GroundingMap) => (g.analyses ?? []).filter((a) => a.map_id === map.id);
const summarised = (g: Grounding) => g.maps.filter((m) => m.terrain_summary);
const WEATHER_LINE = 'Weather: the service holds no weather data: TBD (staff weather officer).';
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
 * each aspect with the figures of the summary and the analyses that bear on it; what the figures
 * cannot say (key terrain is a commander's judgement) is left TBD.
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
    `Key terrain: TBD by the staff${high}` +
      `${said('landing_zones')
        .map((r) => `; ${r}`)
        .join('')}.`,
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

const higherOrderLine = (g: Grounding) =>
  g.documents.length > 0
    ? `Higher headquarters' documents available: ${g.documents.map(marking).join(', ')}.`
    : "No higher headquarters' order is attached: TBD.";

const RULES: Record<string, Rule> = {
  'warno:situation': (g) => ({
    lines: [
      `Operation ${g.operation.name}, ${who(g)}.`,
      ...(g.operation.description ? [g.operation.description] : []),
      higherOrderLine(g),
    ],
  }),
  'warno:area_of_interest': (g) => ({ lines: areaLines(g).slice(0, 1) }),
  'warno:area_of_operations': (g) => ({
    lines: [
      ...areaLines(g),
      ...g.maps.flatMap((m) => terrainParagraph(g, m)),
      ...(summarised(g).length > 0 ? [WEATHER_LINE] : []),
    ],
  }),
  'warno:friendly_forces': (g) => ({
    lines: [`${g.operation.unit} is the unit planning operation ${g.operation.name}.`, higherOrderLine(g)],
  }),
  'warno:mission': (g) => ({
    lines: [
      `${g.operation.unit} conducts operation ${g.operation.name}` +
        `${g.operation.description ? ` (${g.operation.description})` : ''}. ` +
        "Task, time, place and purpose: TBD from the higher headquarters' order.",
    ],
  }),
  'warno:attachments_and_detachments': (g) => ({
    lines: [`No attachments or detachments of ${g.operation.unit} are recorded.`],
    items: [],
  }),
  'warno:initial_movement_instructions': (g) => {
    const routes = (g.analyses ?? []).filter((a) => a.results.type === 'route');
    if (routes.length === 0) return fallback(g);
    return {
      lines: [
        `Movement of ${g.operation.unit}: TBD by the staff. Routes analysed:`,
        ...routes.map((a) => sentence(describeAnalysis(a.results))),
      ],
    };
  },
  'warno:timeline': () => ({ lines: ['No times are recorded for the operation: the timeline is TBD.'] }),
  'mission_analysis:higher_headquarters_order': (g) => ({ lines: [higherOrderLine(g)] }),
  'mission_analysis:terrain_and_weather': (g) => ({
    lines: [
      ...areaLines(g),
      ...g.maps.flatMap((m) => oakocLines(g, m)),
      ...(summarised(g).length > 0 ? [WEATHER_LINE] : []),
    ],
  }),
  'mission_analysis:restated_mission': (g) => ({
    lines: [
      `${g.operation.unit} conducts operation ${g.operation.name}. ` +
        "When, where and why: TBD from the higher headquarters' order.",
    ],
  }),
  'mission_analysis:facts_and_assumptions': (g) => ({
    lines: ["Facts from the service's records; assumptions where the records are silent."],
    items: [
      ...itemIf(true, 'fact', `${g.operation.unit} is a ${g.operation.echelon} of the ${g.operation.branch} branch.`),
      ...itemIf(g.maps.length > 0, 'fact', `The operation is planned on ${g.maps.length} map(s): ${mapNames(g)}.`),
      ...summarised(g).flatMap((m) => {
        const f = describeTerrainSummary(m.terrain_summary!);
        return itemIf(true, 'fact', `${m.name}: ${f.area}, elevation ${f.elevation}, roads ${f.roads}.`);
      }),
      ...(g.analyses ?? []).flatMap((a) => itemIf(true, 'fact', sentence(describeAnalysis(a.results)))),
      ...g.documents.flatMap((d) => itemIf(true, 'fact', `Document ${marking(d)} is available.`)),
      ...itemIf(
        g.documents.length === 0,
        'assumption',
        "The higher headquarters' order will be received before COA development.",
      ),
    ].slice(0, MAX_DRAFT_ITEMS),
  }),
  'mission_analysis:tasks': (g) => ({
    lines: ["Specified tasks come from the higher headquarters' order; these are implied by the state of planning."],
    items: [
      ...itemIf(g.documents.length === 0, 'implied', "Obtain the higher headquarters' order."),
      ...itemIf(g.maps.length === 0, 'implied', 'Define the area of operations on a map.'),
      ...itemIf(g.maps.length > 0 && prepared(g).length === 0, 'implied', `Prepare terrain data for ${mapNames(g)}.`),
    ],
  }),
};

function fallback(g: Grounding): ReturnType<Rule> {
  return {
    lines: [`${g.record.title} (${g.record.doctrine}) for operation ${g.operation.name}, ${who(g)}: TBD by the staff.`],
    ...(g.record.items ? { items: [] } : {}),
  };
}

export function draftRecordByRules(g: Grounding): RecordDraft {
  const rule = RULES[`${g.record.kind}:${g.record.type}`] ?? fallback;
  const { lines, items } = rule(g);
  const instructions = g.instructions
    ? [`Instructions given (not interpreted by the rule-based drafter): ${g.instructions}`]
    : [];
  const text = [RULE_BASED_MARK, ...lines, ...instructions].join('\n\n');
  return g.record.items ? { text, items: items ?? [] } : { text };
}
