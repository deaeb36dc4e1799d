// The rule-based terrain agent (the default when no model is configured): one step parses the question
// (parse-terrain-question.ts) into tool calls, the next composes the answer from the tool results with
// their figures. A question it cannot parse is answered plainly, listing the forms it understands.
// Pure; registered as the rule-based engine's tool rule for TERRAIN_QUESTION_TASK.
import type { LonLat } from '../analysis-job/analysis-parameters.ts';
import {
  parseTerrainQuestion,
  POSITION_FORMS,
  TERRAIN_QUESTION_FORMS,
  type ParsedTerrainQuestion,
} from './parse-terrain-question.ts';
import { DEFAULT_SURVEY_RADIUS_M, type TerrainToolName } from './terrain-agent-tools.ts';
import { formatQuantity as q, type QuantityKind } from '../shared/format-quantity.ts';
import { formatQuantityRange } from '../shared/format-quantity-range.ts';

export const TERRAIN_QUESTION_TASK = 'terrain_question';

/** What the runner hands the rule (the rule-based engine's tool-rule context, written structurally). */
export interface TerrainRuleContext {
  input: unknown;
  messages: Array<{
    role: string;
    content: string;
    tool_call_id?: string;
    tool_calls?: Array<{ id: string; name: string; arguments: unknown }>;
  }>;
  toolChoice: 'auto' | 'required' | 'none';
}

export type TerrainRuleStep = { calls: Array<{ name: TerrainToolName; arguments: unknown }> } | { answer: string };

export const RULE_BASED_ANSWER_PREFIX = 'Rule-based answer (no language model): ';

export function cannotParseAnswer(): string {
  return (
    'The rule-based terrain agent cannot parse this question (no language model is configured). ' +
    `It understands: ${TERRAIN_QUESTION_FORMS.join('; ')}; ${POSITION_FORMS}.`
  );
}

/** The tool calls that answer a parsed question (none for an unparsed one). */
export function toolCallsOf(parsed: ParsedTerrainQuestion): Array<{ name: TerrainToolName; arguments: unknown }> {
  switch (parsed.kind) {
    case 'route':
      return [{ name: 'plan_route', arguments: { from: parsed.from, to: parsed.to, movement: parsed.movement } }];
    case 'line_of_sight':
      return [{ name: 'line_of_sight', arguments: { from: parsed.from, to: parsed.to } }];
    case 'landing_zones':
      return [
        {
          name: 'survey_landing_zones',
          arguments: { center: parsed.center, ...(parsed.radius_m === null ? {} : { radius_m: parsed.radius_m }) },
        },
      ];
    case 'summary':
      return [{ name: 'terrain_summary', arguments: {} }];
    case 'point':
      return [{ name: 'point_query', arguments: { lon: parsed.position[0], lat: parsed.position[1] } }];
    case 'unparsed':
      return [];
  }
}

// Every figure as format-quantity.ts writes it for people.
const percent = (share: number) => q(share, 'share');
const where = (mgrs: string | null | undefined, [lon, lat]: LonLat) =>
  mgrs ?? `${q(lat, 'coordinate')}, ${q(lon, 'coordinate')}`;
const orUnknown = (value: unknown, kind: QuantityKind) => (typeof value === 'number' ? q(value, kind) : 'unknown');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function describePoint(r: Json): string {
  const mobility = r.mobility as Record<string, string | null>;
  const classes = Object.entries(mobility)
    .map(([vehicle, name]) => `${vehicle} ${name ?? 'unknown'}`)
    .join(', ');
  const cover = r.land_cover ? `${r.land_cover.name} (${r.land_cover.code})` : 'unknown';
  return (
    `At ${where(r.mgrs, [r.lon, r.lat])} ` +
    `(latitude ${q(r.lat, 'coordinate')}, longitude ${q(r.lon, 'coordinate')}): ` +
    `elevation ${orUnknown(r.elevation_m, 'elevation')}, slope ${orUnknown(r.slope_deg, 'slope')}, ` +
    `land cover ${cover}; ` +
    `mobility ${classes} (terrain job ${r.terrain_job_id}).`
  );
}

function describeRoute(r: Json): string {
  const first = r.waypoints[0],
    last = r.waypoints[r.waypoints.length - 1];
  const ends = `from ${where(first.mgrs, first.position)} to ${where(last.mgrs, last.position)}`;
  if (!r.found) return `No route ${r.movement === 'foot' ? 'on foot' : `for ${r.movement}`} ${ends}: ${r.message}`;
  const by = r.share_by_class;
  return (
    `Route ${r.movement === 'foot' ? 'on foot' : `for ${r.movement}`} ${ends}: ${q(r.length_m, 'distance')}, ` +
    `${q(r.seconds, 'duration')}; ascent ${q(r.ascent_m, 'elevation')}, descent ${q(r.descent_m, 'elevation')}; ` +
    `on road ${percent(by.road)}, GO ${percent(by.go)}, SLOW-GO ${percent(by.slow_go)}.`
  );
}

function describeLineOfSight(r: Json): string {
  const o = r.observer,
    t = r.target;
  return (
    `Line of sight from ${where(o.mgrs, o.position)} (${q(o.height_m, 'height')} above ground) to ` +
    `${where(t.mgrs, t.position)} (${q(t.height_m, 'height')} above ground): ` +
    `${r.visible ? 'visible' : 'not visible'} ` +
    `over ${q(r.ground_distance_m, 'distance')} of ground.`
  );
}

function describeLandingZones(r: Json, args: Json): string {
  const radius = args.radius_m ?? DEFAULT_SURVEY_RADIUS_M;
  const head =
    `${r.candidates} landing-zone candidate(s) for size class ${r.aircraft_size}` +
    `${r.diameter_m === null ? '' : ` (${q(r.diameter_m, 'distance')} landing point)`} ` +
    `within ${q(radius, 'distance')}, ` +
    `${r.suitable} suitable`;
  const zones = (r.zones as Json[]).map((z) => {
    const failed = (z.failed_checks as Json[]).map((c) => `${c.check}: ${c.reason}`).join('; ');
    const verdict = z.suitable ? 'suitable' : `unsuitable (${failed})`;
    return (
      `#${z.rank} ${where(z.center.mgrs, z.center.position)}: ${verdict}, ` +
      `slope ${orUnknown(z.slope_degrees, 'slope')}, ` +
      `elevation ${orUnknown(z.center.ground_elevation_m, 'elevation')}`
    );
  });
  return zones.length ? `${head}: ${zones.join('; ')}.` : `${head}.`;
}

function describeSummary(r: Json): string {
  const s = r.summary as Json;
  const elevation = s.elevation_m
    ? `elevation ${formatQuantityRange(s.elevation_m.min, s.elevation_m.max, 'elevation')} ` +
      `(mean ${q(s.elevation_m.mean, 'elevation')})`
    : 'no elevation data';
  const mobility = Object.entries(s.mobility_shares as Record<string, Json>)
    .map(([vehicle, m]) => `${vehicle} GO ${percent(m.go)} / SLOW-GO ${percent(m.slow_go)} / NO-GO ${percent(m.no_go)}`)
    .join(', ');
  return (
    `Terrain summary of the map (terrain job ${r.terrain_job_id}): area ${q(s.area_km2, 'area')}, ${elevation}; ` +
    `mobility ${mobility}; roads ${q(s.road_length_m.total, 'distance')}.`
  );
}

function describeResult(name: string, args: Json, result: Json): string {
  switch (name) {
    case 'point_query':
      return describePoint(result);
    case 'plan_route':
      return describeRoute(result);
    case 'line_of_sight':
      return describeLineOfSight(result);
    case 'survey_landing_zones':
      return describeLandingZones(result, args);
    case 'terrain_summary':
      return describeSummary(result);
    default:
      return `${name}: ${JSON.stringify(result)}`;
  }
}

/** The answer composed from the tool calls and results in the messages. */
export function composeTerrainAnswer(messages: TerrainRuleContext['messages']): string {
  const calls = new Map(messages.flatMap((m) => m.tool_calls ?? []).map((call) => [call.id, call]));
  const lines = messages
    .filter((m) => m.role === 'tool')
    .map((message) => {
      const call = calls.get(message.tool_call_id ?? '');
      const name = call?.name ?? 'tool';
      const content = JSON.parse(message.content) as Json | null;
      if (content && typeof content === 'object' && typeof content.error === 'string') {
        return `The ${name} tool failed: ${content.error}`;
      }
      return describeResult(name, (call?.arguments ?? {}) as Json, content ?? {});
    });
  return RULE_BASED_ANSWER_PREFIX + lines.join('\n');
}

export function answerTerrainQuestionByRules(context: TerrainRuleContext): TerrainRuleStep {
  if (context.messages.some((m) => m.role === 'tool')) return { answer: composeTerrainAnswer(context.messages) };
  const { question } = context.input as { question: string };
  const calls = toolCallsOf(parseTerrainQuestion(question));
  if (calls.length === 0) return { answer: cannotParseAnswer() };
  if (context.toolChoice === 'none') {
    return {
      answer:
        'The rule-based terrain agent needs two steps (a tool call, then the answer): ' +
        'ask with max_steps 2 or more.',
    };
  }
  return { calls };
}
