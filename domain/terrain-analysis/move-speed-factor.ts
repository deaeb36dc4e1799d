import type { GradeModel } from './travel-models.ts';

const TOBLER_FLAT = Math.exp(-3.5 * 0.05);

/**
 * Fraction of its flat speed at which a cell is crossed by a move of signed grade `slope`
 * (rise over ground run, in the direction of travel); 0 = impassable.
 * - tobler: exp(−3.5·|S + 0.05|) / exp(−3.5·0.05): 1.19 at S = −0.05 (fastest), 1 on the flat,
 *   0.47 at +0.16 up and 0.64 at −0.16 down (direction-dependent); on roads too.
 * - gradeability: off roads 0 over `limitPercent`, else 1 − (1 − speedAtLimit)·|S|/limit; on roads 1.
 * - none: 1.
 */
export function moveSpeedFactor(grade: GradeModel, slope: number, onRoad: boolean): number {
  switch (grade.kind) {
    case 'tobler':
      return Math.exp(-3.5 * Math.abs(slope + 0.05)) / TOBLER_FLAT;
    case 'gradeability': {
      if (onRoad) return 1;
      const share = Math.abs(slope) / (grade.limitPercent / 100);
      return share > 1 ? 0 : 1 - (1 - grade.speedAtLimit) * share;
    }
    default:
      return 1;
  }
}
