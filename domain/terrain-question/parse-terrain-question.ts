// The question forms the rule-based terrain agent understands (README "Terrain agent"). Pure.
// A position is an MGRS reference (`35VLG8622070996`, spaces allowed between its parts, 1 to 5 digits
// per coordinate) or a decimal "latitude, longitude" pair (`60.16, 24.95`: latitude first, as people
// write them; the tools and answers use [longitude, latitude]). Forms, tried in this order:
//   route      "route from <position> to <position>", optionally "on foot" / "wheeled" / "tracked"
//   sight      "line of sight from <position> to <position>" (also "los", "visible", "see")
//   landing    "landing zones near|at|around <position>", optionally "within <n> m"
//   summary    any question with "summary", "summarise" / "summarize" or "overview"
//   point      any other question naming exactly one position: elevation, slope, land cover, mobility, MGRS
import * as mgrsModule from 'mgrs';
import type { LonLat } from '../analysis-job/analysis-parameters.ts';
import type { VehicleClass } from '../terrain/mobility-config.ts';

// mgrs is a UMD bundle: under Node ESM its functions sit on `.default`.
const mgrs = (mgrsModule as unknown as { default?: typeof mgrsModule }).default ?? mgrsModule;

export type ParsedTerrainQuestion =
  | { kind: 'route'; from: LonLat; to: LonLat; movement: VehicleClass }
  | { kind: 'line_of_sight'; from: LonLat; to: LonLat }
  | { kind: 'landing_zones'; center: LonLat; radius_m: number | null }
  | { kind: 'summary' }
  | { kind: 'point'; position: LonLat }
  | { kind: 'unparsed' };

/** The forms, as the cannot-parse answer lists them. */
export const TERRAIN_QUESTION_FORMS = [
  '"route from <position> to <position>" (add "on foot", "wheeled" or "tracked"; default on foot)',
  '"line of sight from <position> to <position>"',
  '"landing zones near <position>" (add "within <n> m"; default 500 m)',
  '"summary" (the terrain summary of the map)',
  '"elevation at <position>", "what is at <position>" (elevation, slope, land cover, mobility, MGRS)',
] as const;

export const POSITION_FORMS =
  'a position is an MGRS reference (35VLG8622070996) or decimal degrees ' + '"latitude, longitude" (60.16, 24.95)';

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const MGRS = String.raw`\d{1,2}[C-HJ-NP-X]\s?[A-HJ-NP-Z]{2}\s?\d{1,5}\s?\d{1,5}`;
const POSITION = String.raw`(${MGRS}|${NUMBER}\s*[,;]?\s+${NUMBER}|${NUMBER}\s*[,;]\s*${NUMBER})`;

/** A written position as [longitude, latitude], or null when it is none. */
export function parsePosition(text: string): LonLat | null {
  const trimmed = text.trim();
  const pair = new RegExp(String.raw`^(${NUMBER})\s*[,;]?\s*(${NUMBER})$`).exec(trimmed);
  if (pair) {
    const lat = Number(pair[1]),
      lon = Number(pair[2]);
    return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? [lon, lat] : null;
  }
  const compact = trimmed.replace(/\s+/g, '').toUpperCase();
  const reference = /^(\d{1,2}[C-HJ-NP-X][A-HJ-NP-Z]{2})(\d*)$/.exec(compact);
  if (!reference || reference[2]!.length % 2 !== 0 || reference[2]!.length === 0) return null;
  try {
    const [lon, lat] = mgrs.toPoint(compact) as [number, number];
    return Number.isFinite(lon) && Number.isFinite(lat) ? [lon, lat] : null;
  } catch {
    return null;
  }
}

function movementOf(text: string): VehicleClass {
  if (/\btracked\b/.test(text)) return 'tracked';
  if (/\b(wheeled|wheels|vehicles?|trucks?|cars?)\b/.test(text)) return 'wheeled';
  return 'foot';
}

function fromTo(question: string): [LonLat, LonLat] | null {
  const match = new RegExp(String.raw`\bfrom\s+${POSITION}\s+to\s+${POSITION}`, 'i').exec(question);
  if (!match) return null;
  const from = parsePosition(match[1]!),
    to = parsePosition(match[2]!);
  return from && to ? [from, to] : null;
}

function positionsIn(question: string): LonLat[] {
  const found: LonLat[] = [];
  for (const match of question.matchAll(new RegExp(String.raw`(?<![\w.])${POSITION}(?!\w|\.\d)`, 'gi'))) {
    const position = parsePosition(match[1]!);
    if (position) found.push(position);
  }
  return found;
}

export function parseTerrainQuestion(question: string): ParsedTerrainQuestion {
  const text = question.toLowerCase();
  if (/\broute\b/.test(text)) {
    const ends = fromTo(question);
    if (ends) return { kind: 'route', from: ends[0], to: ends[1], movement: movementOf(text) };
  }
  if (/\b(line of sight|los|visible|visibility|see)\b/.test(text)) {
    const ends = fromTo(question);
    if (ends) return { kind: 'line_of_sight', from: ends[0], to: ends[1] };
  }
  if (/\b(landing|helicopter|lz)\b/.test(text)) {
    const near = new RegExp(String.raw`\b(?:near|at|around|of)\s+${POSITION}`, 'i').exec(question);
    const center = near ? parsePosition(near[1]!) : null;
    if (center) {
      const within = /\bwithin\s+(\d+(?:\.\d+)?)\s*(m|metres|meters|km)\b/.exec(text);
      const radius = within ? Number(within[1]) * (within[2] === 'km' ? 1000 : 1) : null;
      return { kind: 'landing_zones', center, radius_m: radius };
    }
  }
  if (/\b(summary|summari[sz]e|overview)\b/.test(text)) return { kind: 'summary' };
  const positions = positionsIn(question);
  if (positions.length === 1) return { kind: 'point', position: positions[0]! };
  return { kind: 'unparsed' };
}
