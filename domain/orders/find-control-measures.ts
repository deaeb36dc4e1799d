// Named control measures in the text: objectives ("OBJ STEEL", "Objective STEEL"), phase lines ("PL
// RED"), boundaries, checkpoints, battle positions, engagement areas, routes, areas of operations and
// the like (ADP 1-02 ch. 8–10 names and abbreviations [recalled]). The name is the next word: in
// capitals or a number ("CP 7", "OBJ 2A"), or capitalised after an abbreviation in capitals; in an
// order written in lower case, any word but a connecting one. A number or single letter after the
// name is part of it ("CP 7 A"). Lines without a name of their own (the LD, the LOA, a unit's left
// boundary) are named by what they are. The name given is the abbreviation and the name in capitals,
// so that "Objective Steel" and "OBJ STEEL" are one feature.
import type { Located } from './located.ts';
import type { FeatureKind } from './order-record.ts';

export interface ControlMeasureMention {
  kind: FeatureKind;
  name: string;
  geometry: 'point' | 'line' | 'area';
}

interface Prefix { pattern: string; abbreviation: string; kind: FeatureKind; geometry: 'point' | 'line' | 'area'; named: boolean }

const PREFIXES: readonly Prefix[] = [
  { pattern: 'OBJECTIVE RALLY POINT|ORP', abbreviation: 'ORP', kind: 'objective_rally_point', geometry: 'point', named: true },
  { pattern: 'OBJECTIVE|OBJ', abbreviation: 'OBJ', kind: 'objective', geometry: 'area', named: true },
  { pattern: 'PHASE LINE|PL', abbreviation: 'PL', kind: 'phase_line', geometry: 'line', named: true },
  { pattern: 'CHECK ?POINT|CP', abbreviation: 'CP', kind: 'checkpoint', geometry: 'point', named: true },
  { pattern: 'BATTLE POSITION|BP', abbreviation: 'BP', kind: 'battle_position', geometry: 'area', named: true },
  { pattern: 'ENGAGEMENT AREA|EA', abbreviation: 'EA', kind: 'engagement_area', geometry: 'area', named: true },
  { pattern: 'ASSEMBLY AREA|AA', abbreviation: 'AA', kind: 'assembly_area', geometry: 'area', named: true },
  { pattern: 'ATTACK POSITION|ATK POS', abbreviation: 'ATK POS', kind: 'attack_position', geometry: 'area', named: true },
  { pattern: 'SUPPORT BY FIRE POSITION|SBF', abbreviation: 'SBF', kind: 'support_by_fire_position', geometry: 'area', named: true },
  { pattern: 'ATTACK BY FIRE POSITION|ABF', abbreviation: 'ABF', kind: 'attack_by_fire_position', geometry: 'area', named: true },
  { pattern: 'ROUTE|RTE|MSR|ASR', abbreviation: 'ROUTE', kind: 'route', geometry: 'line', named: true },
  { pattern: 'AXIS OF ADVANCE|AXIS', abbreviation: 'AXIS', kind: 'axis', geometry: 'line', named: true },
  { pattern: 'AREA OF OPERATIONS|AO', abbreviation: 'AO', kind: 'area_of_operations', geometry: 'area', named: true },
  { pattern: 'NAMED AREA OF INTEREST|NAI', abbreviation: 'NAI', kind: 'named_area_of_interest', geometry: 'area', named: true },
  { pattern: 'TARGET AREA OF INTEREST|TAI', abbreviation: 'TAI', kind: 'target_area_of_interest', geometry: 'area', named: true },
  { pattern: 'LANDING ZONE|HLZ|LZ|PZ|DZ', abbreviation: 'LZ', kind: 'landing_zone', geometry: 'area', named: true },
  { pattern: 'OBSERVATION POST|OP', abbreviation: 'OP', kind: 'observation_post', geometry: 'point', named: true },
  { pattern: 'TARGET REFERENCE POINT|TRP', abbreviation: 'TRP', kind: 'target_reference_point', geometry: 'point', named: true },
  { pattern: 'NO[- ]FIRE AREA|NFA', abbreviation: 'NFA', kind: 'no_fire_area', geometry: 'area', named: true },
  { pattern: 'RESTRICTED FIRE AREA|RFA', abbreviation: 'RFA', kind: 'restricted_fire_area', geometry: 'area', named: true },
  { pattern: 'COORDINATION POINT|CCP', abbreviation: 'CCP', kind: 'coordination_point', geometry: 'point', named: true },
  { pattern: 'CONTACT POINT', abbreviation: 'CONTACT POINT', kind: 'contact_point', geometry: 'point', named: true },
  { pattern: 'RELEASE POINT|RP', abbreviation: 'RP', kind: 'release_point', geometry: 'point', named: true },
  { pattern: 'START POINT|SP', abbreviation: 'SP', kind: 'start_point', geometry: 'point', named: true },
  { pattern: 'LINE OF DEPARTURE|LD', abbreviation: 'LD', kind: 'line_of_departure', geometry: 'line', named: false },
  { pattern: 'LIMIT OF ADVANCE|LOA', abbreviation: 'LOA', kind: 'limit_of_advance', geometry: 'line', named: false },
  { pattern: '(?:LEFT|RIGHT|REAR|FORWARD|LATERAL) (?:BOUNDARY|BDY)', abbreviation: '', kind: 'boundary', geometry: 'line', named: false },
];

const CONNECTING = new Set([
  'AND', 'OR', 'TO', 'IN', 'AT', 'ON', 'BY', 'OF', 'THE', 'A', 'AN', 'FROM', 'WITH', 'FOR', 'NO', 'NOT', 'NLT', 'NET',
  'IOT', 'VIC', 'VICINITY', 'AS', 'IS', 'ARE', 'WILL', 'BE', 'THEN', 'UNTIL', 'BEFORE', 'AFTER', 'ALONG', 'INTO',
  'ONTO', 'NORTH', 'SOUTH', 'EAST', 'WEST', 'GRID', 'BPT', 'O/O', 'WHEN', 'ORDER', 'WHICH', 'THAT',
]);

const WORD = String.raw`[A-Za-z0-9ÄÖÜäöüß][A-Za-z0-9ÄÖÜäöüß\-]*`;
const MENTION = new RegExp(
  String.raw`(?<![\w-])(${PREFIXES.map((p) => p.pattern).join('|')})(?![\w-])(?:[ \t]+(${WORD})(?:[ \t]+([0-9]{1,2}|[A-Z]))?(?![\w-]))?`,
  'gi',
);

const WHOLE_PREFIX = PREFIXES.map((prefix) => ({ prefix, pattern: new RegExp(`^(?:${prefix.pattern})$`, 'i') }));
const isCapitals = (word: string) => word === word.toUpperCase();

export function findControlMeasures(text: string, from: number, to: number, lowerCaseOrder: boolean): Located<ControlMeasureMention>[] {
  const found: Located<ControlMeasureMention>[] = [];
  const slice = text.slice(from, to);
  for (const m of slice.matchAll(new RegExp(MENTION.source, MENTION.flags))) {
    const written = m[1]!;
    const { prefix } = WHOLE_PREFIX.find(({ pattern }) => pattern.test(written))!;
    const abbreviationInCapitals = written.length <= 7 && isCapitals(written);
    // An abbreviation in lower case is an abbreviation only in an order written in lower case ("ea" is not "EA").
    if (!lowerCaseOrder && written.length <= 3 && !isCapitals(written)) continue;
    const start = from + m.index;
    if (!prefix.named) {
      const name = prefix.abbreviation || written.toUpperCase().replace(/\s+/g, ' ');
      found.push({ value: { kind: prefix.kind, name, geometry: prefix.geometry }, start, end: start + written.length });
      continue;
    }
    const word = m[2];
    const acceptable = word !== undefined && !CONNECTING.has(word.toUpperCase()) && (
      /^\d/.test(word) || isCapitals(word) || lowerCaseOrder || (abbreviationInCapitals && /^[A-ZÄÖÜ]/.test(word)));
    if (!acceptable) continue;
    const suffix = m[3] && (lowerCaseOrder || isCapitals(m[3])) && !CONNECTING.has(m[3].toUpperCase()) ? m[3] : null;
    const name = `${prefix.abbreviation} ${word}${suffix ? ` ${suffix}` : ''}`.toUpperCase();
    const end = start + (suffix ? m[0].length : m[0].indexOf(word!, written.length) + word!.length);
    found.push({ value: { kind: prefix.kind, name, geometry: prefix.geometry }, start, end });
  }
  return found;
}
