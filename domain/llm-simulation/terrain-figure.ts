// One terrain fact a wargame turn is grounded in: a figure an analysis computed, or a map's terrain
// summary, as one line the turn's result cites (the source id keeps it traceable). Pure.
import type { AnalysisType } from '../analysis-job/analysis-vocabulary.ts';

export interface TerrainFigure {
  /** The analysis, or for a terrain summary the terrain job that built it. */
  source_id: string;
  type: AnalysisType | 'terrain_summary';
  /** One line with the numbers, e.g. 'Route "MSR" (tracked): 2,345 m in 6.5 min; road 40.0%, …'. */
  text: string;
}

/** A completed analysis as the figures read it: its type, title and result summary. */
export interface CompletedAnalysis {
  analysis_id: string;
  analysis_type: AnalysisType;
  title: string;
  result: Record<string, unknown>;
}
