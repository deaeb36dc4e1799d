export type KeyTerrainKind = 'crossing_site' | 'chokepoint' | 'dominating_height' | 'road_junction';

export interface KeyTerrainInputs {
  /** Dominating heights with the share of each avenue's axis visible from them. */
  heights: readonly { cell: number; elevation: number; prominence: number; visibleShare: readonly number[] }[];
  /** Narrowest points of avenues (constricted ones only). */
  chokepoints: readonly { cell: number; elevation: number; widthM: number; avenue: number }[];
  /** Bridges, fords and tunnels where an avenue crosses a linear obstacle; `site` names which when known. */
  crossings: readonly { cell: number; elevation: number; avenue: number; site?: 'bridge' | 'ford' | 'tunnel' }[];
  /** Road junctions on an avenue's axis. */
  junctions: readonly { cell: number; elevation: number; avenue: number }[];
}

export interface KeyTerrainCandidate {
  kind: KeyTerrainKind;
  cell: number;
  elevation: number;
  /** Indices of the avenues it affects. */
  avenues: number[];
  score: number;
  rank: number;
  reason: string;
}

/** A height must see at least this share of an avenue's axis to affect it. */
export const MIN_VISIBLE_SHARE = 0.1;
const KIND_WEIGHT: Record<KeyTerrainKind, number> = {
  crossing_site: 1,
  chokepoint: 0.8,
  dominating_height: 0.6,
  road_junction: 0.4,
};

/**
 * Key terrain CANDIDATES with reasons — the staff designates key and decisive terrain (ADP 3-90
 * para 3-58 [S16]; a hill is key only if it affects the avenues used, FM 3-21.8 A-47 [S17]). The
 * tests of ipb-and-coa-facts.md §4.1: a crossing site, chokepoint or road junction the movement must
 * pass; a height that overlooks an avenue (≥ 10 % of its axis in view). The same cell and kind
 * found on several avenues is one candidate affecting all of them.
 * Score = kind weight (crossing 1, chokepoint 0.8, height 0.6 × the largest share seen, junction
 * 0.4) + 0.5 per further avenue affected ("controls several avenues or the only one"); rank 1 first.
 */
export function keyTerrainCandidates(
  inputs: KeyTerrainInputs,
  avenueName: (avenue: number) => string = (a) => `avenue ${a + 1}`,
): KeyTerrainCandidate[] {
  const byKey = new Map<
    string,
    Omit<KeyTerrainCandidate, 'rank' | 'score' | 'reason'> & { detail: string; base: number }
  >();
  const add = (kind: KeyTerrainKind, cell: number, elevation: number, avenue: number, detail: string, base: number) => {
    const key = `${kind}:${cell}`;
    const found = byKey.get(key);
    if (found) {
      if (!found.avenues.includes(avenue)) found.avenues.push(avenue);
      return;
    }
    byKey.set(key, { kind, cell, elevation, avenues: [avenue], detail, base });
  };
  for (const c of inputs.crossings)
    add(
      'crossing_site',
      c.cell,
      c.elevation,
      c.avenue,
      `${c.site ?? 'crossing site'} over a linear obstacle the avenue must use`,
      KIND_WEIGHT.crossing_site,
    );
  for (const c of inputs.chokepoints) {
    add(
      'chokepoint',
      c.cell,
      c.elevation,
      c.avenue,
      `narrowest point of the avenue, ${Math.round(c.widthM)} m free width`,
      KIND_WEIGHT.chokepoint,
    );
  }
  for (const j of inputs.junctions)
    add('road_junction', j.cell, j.elevation, j.avenue, 'road junction on the avenue', KIND_WEIGHT.road_junction);
  for (const h of inputs.heights) {
    const seen = h.visibleShare.map((share, avenue) => ({ share, avenue })).filter((s) => s.share >= MIN_VISIBLE_SHARE);
    if (seen.length === 0) continue;
    const best = Math.max(...seen.map((s) => s.share));
    const detail =
      `height of ${Math.round(h.prominence)} m prominence overlooking ` +
      seen.map((s) => `${Math.round(s.share * 100)} % of ${avenueName(s.avenue)}`).join(', ');
    for (const s of seen)
      add('dominating_height', h.cell, h.elevation, s.avenue, detail, KIND_WEIGHT.dominating_height * best);
  }
  const out = [...byKey.values()].map(({ detail, base, ...rest }) => {
    const avenues = rest.avenues.sort((a, b) => a - b);
    const score = base + 0.5 * (avenues.length - 1);
    return { ...rest, avenues, score, rank: 0, reason: `${detail} (affects ${avenues.map(avenueName).join(', ')})` };
  });
  out.sort((a, b) => b.score - a.score || a.cell - b.cell);
  return out.map((c, i) => ({ ...c, rank: i + 1 }));
}
