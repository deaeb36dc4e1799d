// The map features an order names, with their positions: a control measure takes the grids or
// coordinates that follow its name with nothing between them but brackets, punctuation and linking
// words ("OBJ STEEL (32UNB5350001200)", "PL RED from 32UNB... to 32UNB...", "CP 7 vic 32UNB..."); a
// line takes them in order. Mentions of one name are one feature (its positions gathered, each once).
// A position that follows no name is a feature of its own, unnamed.
import type { ControlMeasureMention } from './find-control-measures.ts';
import type { Located } from './located.ts';
import type { Feature, Position, Source } from './order-record.ts';

const GAP = String.raw`[\s()[\],;:\-–—/]*`;
const LINK_WORDS = String.raw`vic(?:inity)?\.?|at|grid|from|to|and|through|thru|via|centred on|centered on|located at`;
const LINK = new RegExp(String.raw`^${GAP}(?:(?:${LINK_WORDS})${GAP})*$`, 'i');

/** Index of the first position starting at or after `offset` (positions are in text order). */
function firstAtOrAfter(positions: readonly Located<Position>[], offset: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (positions[middle]!.start < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `positions` in text order. */
export function collectFeatures(
  mentions: readonly Located<ControlMeasureMention>[],
  positions: readonly Located<Position>[],
  text: string,
  mentionSource: (mention: Located<ControlMeasureMention>) => Source | null,
): Feature[] {
  const features = new Map<string, Feature>();
  const claimed = new Set<Located<Position>>();
  const ordered = [...mentions].sort((a, b) => a.start - b.start);
  for (const mention of ordered) {
    const key = `${mention.value.kind}:${mention.value.name}`;
    let feature = features.get(key);
    const source = mentionSource(mention);
    if (!source) continue;
    if (!feature) {
      const { kind, name, geometry } = mention.value;
      feature = { kind, name, geometry, positions: [], mentions: [] };
      features.set(key, feature);
    }
    feature.mentions.push(source);
    let cursor = mention.end;
    for (let i = firstAtOrAfter(positions, cursor); i < positions.length; i++) {
      const position = positions[i]!;
      if (claimed.has(position)) continue;
      if (!LINK.test(text.slice(cursor, position.start))) break;
      claimed.add(position);
      const reference = position.value.reference.replace(/\s+/g, '').toUpperCase();
      if (!feature.positions.some((p) => p.reference.replace(/\s+/g, '').toUpperCase() === reference)) {
        feature.positions.push(position.value);
      }
      cursor = position.end;
    }
  }
  const unnamed: Feature[] = [];
  for (const position of positions) {
    if (claimed.has(position)) continue;
    const reference = position.value.reference.replace(/\s+/g, '').toUpperCase();
    const same = unnamed.find((f) => f.positions[0]!.reference.replace(/\s+/g, '').toUpperCase() === reference);
    if (same) same.mentions.push(position.value.source);
    else {
      unnamed.push({
        kind: 'unnamed_position',
        name: null,
        geometry: 'point',
        positions: [position.value],
        mentions: [position.value.source],
      });
    }
  }
  return [...features.values(), ...unnamed];
}
