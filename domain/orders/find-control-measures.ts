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

type Geometry = ControlMeasureMention['geometry'];
interface Prefix {
  pattern: string;
  abbreviation: string;
  kind: FeatureKind;
  geometry: Geometry;
  named: boolean;
}

const measure = (
  pattern: string,
  abbreviation: string,
  kind: FeatureKind,
  geometry: Geometry,
  named = true,
): Prefix => ({ pattern, abbreviation, kind, geometry, named });

const PREFIXES: readonly Prefix[] = [
  measure('OBJECTIVE RALLY POINT|ORP', 'ORP', 'objective_rally_point', 'point'),
  measure('OBJECTIVE|OBJ', 'OBJ', 'objective', 'area'),
  measure('PHASE LINE|PL', 'PL', 'phase_line', 'line'),
  measure('CHECK ?POINT|CP', 'CP', 'checkpoint', 'point'),
  measure('BATTLE POSITION|BP', 'BP', 'battle_position', 'area'),
  measure('ENGAGEMENT AREA|EA', 'EA', 'engagement_area', 'area'),
  measure('ASSEMBLY AREA|AA', 'AA', 'assembly_area', 'area'),
  measure('ATTACK POSITION|ATK POS', 'ATK POS', 'attack_position', 'area'),
  measure('SUPPORT BY FIRE POSITION|SBF', 'SBF', 'support_by_fire_position', 'area'),
  measure('ATTACK BY FIRE POSITION|ABF', 'ABF', 'attack_by_fire_position', 'area'),
  measure('ROUTE|RTE|MSR|ASR', 'ROUTE', 'route', 'line'),
  measure('AXIS OF ADVANCE|AXIS', 'AXIS', 'axis', 'line'),
  measure('AREA OF OPERATIONS|AO', 'AO', 'area_of_operations', 'area'),
  measure('NAMED AREA OF INTEREST|NAI', 'NAI', 'named_area_of_interest', 'area'),
  measure('TARGET AREA OF INTEREST|TAI', 'TAI', 'target_area_of_interest', 'area'),
  measure('LANDING ZONE|HLZ|LZ|PZ|DZ', 'LZ', 'landing_zone', 'area'),
  measure('OBSERVATION POST|OP', 'OP', 'observation_post', 'point'),
  measure('TARGET REFERENCE POINT|TRP', 'TRP', 'target_reference_point', 'point'),
  measure('NO[- ]FIRE AREA|NFA', 'NFA', 'no_fire_area', 'area'),
  measure('RESTRICTED FIRE AREA|RFA', 'RFA', 'restricted_fire_area', 'area'),
  measure('COORDINATION POINT|CCP', 'CCP', 'coordination_point', 'point'),
  measure('CONTACT POINT', 'CONTACT POINT', 'contact_point', 'point'),
  measure('RELEASE POINT|RP', 'RP', 'release_point', 'point'),
  measure('START POINT|SP', 'SP', 'start_point', 'point'),
  measure('LINE OF DEPARTURE|LD', 'LD', 'line_of_departure', 'line', false),
  measure('LIMIT OF ADVANCE|LOA', 'LOA', 'limit_of_advance', 'line', false),
  measure('(?:LEFT|RIGHT|REAR|FORWARD|LATERAL) (?:BOUNDARY|BDY)', '', 'boundary', 'line', false),
];

const CONNECTING = new Set([
  'AND',
  'OR',
  'TO',
  'IN',
  'AT',
  'ON',
  'BY',
  'OF',
  'THE',
  'A',
  'AN',
  'FROM',
  'WITH',
  'FOR',
  'NO',
  'NOT',
  'NLT',
  'NET',
  'IOT',
  'VIC',
  'VICINITY',
  'AS',
  'IS',
  'ARE',
  'WILL',
  'BE',
  'THEN',
  'UNTIL',
  'BEFORE',
  'AFTER',
  'ALONG',
  'INTO',
  'ONTO',
  'NORTH',
  'SOUTH',
  'EAST',
  'WEST',
  'GRID',
  'BPT',
  'O/O',
  'WHEN',
  'ORDER',
  'WHICH',
  'THAT',
]);

const WORD = String.raw`[A-Za-z0-9ÄÖÜäöüß][A-Za-z0-9ÄÖÜäöüß\-]*`;
const MENTION = new RegExp(
  String.raw`(?<![\w-])(${PREFIXES.map((p) => p.pattern).join('|')})(?![\w-])` +
    String.raw`(?:[ \t]+(${WORD})(?:[ \t]+([0-9]{1,2}|[A-Z]))?(?![\w-]))?`,
  'gi',
);

const WHOLE_PREFIX = PREFIXES.map((prefix) => ({ prefix, pattern: new RegExp(`^(?:${prefix.pattern})$`, 'i') }));
const isCapitals = (word: string) => word === word.toUpperCase();

export function findControlMeasures(
  text: string,
  from: number,
  to: number,
  lowerCaseOrder: boolean,
): Located<ControlMeasureMention>[] {
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
    const acceptable =
      word !== undefined &&
      !CONNECTING.has(word.toUpperCase()) &&
      (/^\d/.test(word) || isCapitals(word) || lowerCaseOrder || (abbreviationInCapitals && /^[A-ZÄÖÜ]/.test(word)));
    if (!acceptable) continue;
    const suffix = m[3] && (lowerCaseOrder || isCapitals(m[3])) && !CONNECTING.has(m[3].toUpperCase()) ? m[3] : null;
    const name = `${prefix.abbreviation} ${word}${suffix ? ` ${suffix}` : ''}`.toUpperCase();
    const end = start + (suffix ? m[0].length : m[0].indexOf(word!, written.length) + word!.length);
    found.push({ value: { kind: prefix.kind, name, geometry: prefix.geometry }, start, end });
  }
  return found;
}
