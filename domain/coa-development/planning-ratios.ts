// Historical minimum planning ratios, friendly : enemy (ATP 5-0.2-1 (2020) Table 2-12, citing FM 6-0
// and FM 3-90-1; first published in CGSC ST 100-9 (1991) Table 3-2 — ../shared/reference/
// ipb-and-coa-facts.md §5.2). They are ratios for arraying forces, not combat outcomes: a COA below
// the ratio at its decisive point is not feasible as drawn (ATP 5-0.2-1 paras 2-133 to 2-136).

export const PLANNING_MISSIONS = [
  'delay',
  'deliberate_defend',
  'hasty_defend',
  'counterattack',
  'hasty_attack',
  'deliberate_attack',
  'penetration_lead_element',
] as const;
export type PlanningMission = (typeof PLANNING_MISSIONS)[number];

/** Friendly : enemy as one number (friendly ÷ enemy): 3 for 3:1, 1/3 for 1:3. */
export const MINIMUM_PLANNING_RATIO: Readonly<Record<PlanningMission, { ratio: number; label: string }>> = {
  delay: { ratio: 1 / 6, label: '1:6' },
  deliberate_defend: { ratio: 1 / 3, label: '1:3' },
  hasty_defend: { ratio: 1 / 2.5, label: '1:2.5' },
  counterattack: { ratio: 1, label: '1:1' },
  hasty_attack: { ratio: 2.5, label: '2.5:1' },
  deliberate_attack: { ratio: 3, label: '3:1' },
  penetration_lead_element: { ratio: 18, label: '18:1' },
};

export const PLANNING_RATIO_SOURCE = 'ATP 5-0.2-1 (2020) Table 2-12, historical minimum planning ratios';

/** A ratio as doctrine writes it: "3.0:1" when friendly is stronger, "1:2.5" when weaker. */
export function formatRatio(ratio: number): string {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return String(ratio);
  return ratio >= 1 ? `${Number(ratio.toFixed(2))}:1` : `1:${Number((1 / ratio).toFixed(2))}`;
}
