// What each step of a wargame is grounded in, as the worker gathers it when it runs: the operation,
// the COA statement and its sections, the enemy COA, the terrain figures of the analyses, the
// evaluation criteria, the documents and the staff's instructions. Prompts embed it; the
// rule-based drafter drafts from it.
import type { EvaluationCriterion, CriteriaSource } from './evaluation-criteria.ts';
import type { WargameMethod } from './llm-simulation-events.ts';
import type { TerrainFigure } from './terrain-figure.ts';

export interface SimulationGrounding {
  operation: { name: string; unit: string; echelon: string; branch: string; description: string | null };
  coa: {
    name: string;
    description: string | null;
    sections: Array<{ title: string; content: string | null; field: string | null }>;
  };
  method: WargameMethod;
  /** The enemy COA wargamed against, and where it came from. */
  enemy_coa: string | null;
  enemy_source: 'request' | 'mission_analysis' | 'none';
  turns: number;
  seed: number;
  figures: TerrainFigure[];
  criteria: EvaluationCriterion[];
  criteria_source: CriteriaSource;
  documents: Array<{ file_name: string; text_excerpt: string | null }>;
  instructions: string | null;
}

/** A turn as a model drafts it (the worker numbers it). */
export interface TurnDraft {
  critical_event: string;
  time: string | null;
  action: string;
  reaction: string;
  counteraction: string;
  result: string | null;
  decision_point: string | null;
}

/** The input of one turn's call: the grounding, the turn, its figures and the turns so far. */
export interface TurnStepInput {
  grounding: SimulationGrounding;
  turn: number;
  figures: TerrainFigure[];
  previous: TurnDraft[];
}

/** The input of the assessment call: the grounding and every turn. */
export interface AssessmentStepInput {
  grounding: SimulationGrounding;
  turns: TurnDraft[];
}

/** The assessment as a model drafts it: one score and rationale per criterion, in the criteria's order. */
export interface AssessmentDraft {
  scores: Array<{ score: number | null; rationale: string }>;
}
