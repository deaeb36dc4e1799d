// The criteria a wargame is assessed against: the mission analysis's COA evaluation criteria
// (ATP 5-0.2-1 substep 2.16) when the staff wrote them, else defaults from the principles FM 5-0's
// COA analysis weighs (simplicity, mass, maneuver, tempo, security), each with weight 1. The
// record's summary says which. Pure.

export interface EvaluationCriterion {
  name: string;
  definition: string | null;
  unit_of_measure: string | null;
  benchmark: string | null;
  weight: number | null;
}

export type CriteriaSource = 'mission_analysis' | 'fm_5_0_defaults';

export const DEFAULT_EVALUATION_CRITERIA: readonly EvaluationCriterion[] = [
  {
    name: 'Simplicity',
    definition: 'Clear, uncomplicated plan that subordinates understand and execute',
    unit_of_measure: 'phases and task-organization changes',
    benchmark: 'fewer than the other COAs',
    weight: 1,
  },
  {
    name: 'Mass',
    definition: 'Combat power concentrated at the decisive place and time',
    unit_of_measure: 'force ratio at the decisive point',
    benchmark: 'at least 3:1 in the attack',
    weight: 1,
  },
  {
    name: 'Maneuver',
    definition: 'Places the enemy at a disadvantage through the flexible application of combat power',
    unit_of_measure: 'avenues and routes available',
    benchmark: 'an alternate route for the main effort',
    weight: 1,
  },
  {
    name: 'Tempo',
    definition: 'Time to accomplish the decisive operation',
    unit_of_measure: 'minutes of movement on the analysed routes',
    benchmark: 'within the time available',
    weight: 1,
  },
  {
    name: 'Security',
    definition: 'Residual risk to the force and the mission after controls',
    unit_of_measure: 'risk level (ATP 5-19)',
    benchmark: 'moderate or lower',
    weight: 1,
  },
];

/** An item of the coa_evaluation_criteria record (planning-items.ts fields). */
export interface CriterionItem {
  text: string;
  definition?: string | null;
  unit_of_measure?: string | null;
  benchmark?: string | null;
  weight?: number | null;
}

export function evaluationCriteria(items: readonly CriterionItem[] | null): {
  source: CriteriaSource;
  criteria: EvaluationCriterion[];
} {
  if (!items || items.length === 0) return { source: 'fm_5_0_defaults', criteria: [...DEFAULT_EVALUATION_CRITERIA] };
  return {
    source: 'mission_analysis',
    criteria: items.map((item) => ({
      name: item.text.slice(0, 200),
      definition: item.definition ?? null,
      unit_of_measure: item.unit_of_measure ?? null,
      benchmark: item.benchmark ?? null,
      weight: item.weight ?? null,
    })),
  };
}
