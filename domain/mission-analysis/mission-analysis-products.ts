// The 17 mission-analysis products (planning-catalogues.ts) from the facts, one function each in
// this folder; a product with no facts is one line naming the missing input.
import type { MissionAnalysisType } from '../planning-record/planning-catalogues.ts';
import { ccirCandidates } from './ccir-candidates.ts';
import { essentialTasks } from './essential-tasks.ts';
import { evaluationCriteria } from './evaluation-criteria.ts';
import { factsAndAssumptions } from './facts-and-assumptions.ts';
import { impliedTasks } from './implied-tasks.ts';
import { informationCollection } from './information-collection.ts';
import { initialIntent } from './initial-intent.ts';
import { initialRisks } from './initial-risks.ts';
import { line, type MissionAnalysisFacts, type Product } from './mission-analysis-facts.ts';
import { missionConstraints } from './mission-constraints.ts';
import { availableAssets, civilConsiderations, enemySituation, higherHeadquartersOrder } from './order-situation.ts';
import { problemStatement } from './problem-statement.ts';
import { restatedMission } from './restated-mission.ts';
import { specifiedTasks } from './specified-tasks.ts';
import { terrainAndWeather } from './terrain-and-weather.ts';
import { timePlan } from './time-plan.ts';

/** Specified, implied and essential tasks as one list (substep 2.3); a missing input is one line. */
export function missionTasks(f: MissionAnalysisFacts): Product {
  const parts = [
    specifiedTasks(f.order, f.unit.name),
    impliedTasks(f.order, f.terrain),
    essentialTasks(f.order, f.unit.name),
  ];
  const lines = [...new Map(parts.flatMap((p) => p.lines).map((l) => [l.text, l])).values()];
  return { lines, items: parts.flatMap((p) => p.items) };
}

export const PLANNING_GUIDANCE_MISSING =
  "The commander's planning guidance is the commander's: not in the inputs (give it in the request's instructions).";

export function missionAnalysisProduct(type: MissionAnalysisType, f: MissionAnalysisFacts): Product {
  switch (type) {
    case 'higher_headquarters_order':
      return higherHeadquartersOrder(f.order);
    case 'terrain_and_weather':
      return terrainAndWeather(f.order, f.terrain);
    case 'civil_considerations':
      return civilConsiderations(f.order);
    case 'enemy_situation':
      return enemySituation(f.order);
    case 'tasks':
      return missionTasks(f);
    case 'available_assets':
      return availableAssets(f.order);
    case 'constraints':
      return missionConstraints(f.order);
    case 'facts_and_assumptions':
      return factsAndAssumptions(f.order, f.terrain);
    case 'initial_risk_assessment':
      return initialRisks(f.order, f.terrain);
    case 'ccir':
      return ccirCandidates(f.order, f.terrain);
    case 'information_collection_plan':
      return informationCollection(f.order, ccirCandidates(f.order, f.terrain).items);
    case 'time_plan':
      return timePlan(f.order, f.now);
    case 'problem_statement':
      return problemStatement(f.order, f.unit.name);
    case 'restated_mission':
      return restatedMission(f.order, f.unit.name);
    case 'commanders_initial_intent':
      return initialIntent(f.order, impliedTasks(f.order, f.terrain).items);
    case 'planning_guidance':
      return { lines: [line(PLANNING_GUIDANCE_MISSING, [])], items: [] };
    case 'coa_evaluation_criteria':
      return evaluationCriteria(f.order, f.terrain, initialRisks(f.order, f.terrain).items);
  }
}
