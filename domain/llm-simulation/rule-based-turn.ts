// A wargame turn drafted by rule (no language model): deterministic, from the COA statement's
// sections and the turn's terrain figures. The method names the turn (a belt across the area, a
// depth along one avenue, the one critical box); the turn develops the COA's sections in order
// (turn k: section (k − 1) mod count); the enemy's reaction and the counteraction are left to the
// staff, said plainly; the result cites every figure of the turn. The seed changes nothing here.
import type { WargameMethod } from './llm-simulation-events.ts';
import type { TurnDraft, TurnStepInput } from './simulation-grounding.ts';

/** The language-model task a turn runs under (the rule-based drafter's key). */
export const SIMULATION_TURN_TASK = 'llm_simulation_turn';

const firstSentence = (text: string | null) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  const end = flat.search(/[.!?](\s|$)/);
  return (end < 0 ? flat : flat.slice(0, end + 1)).slice(0, 500);
};

const PLACE: Record<WargameMethod, (turn: number, turns: number) => string> = {
  belt: (turn, turns) => `Belt ${turn} of ${turns}`,
  avenue_in_depth: (turn, turns) => `Avenue, depth ${turn} of ${turns}`,
  box: (turn, turns) => `Box, turn ${turn} of ${turns}`,
};

export function draftTurnByRules(input: TurnStepInput): TurnDraft {
  const g = input.grounding;
  const sections = g.coa.sections;
  const section = sections.length > 0 ? sections[(input.turn - 1) % sections.length]! : null;
  const subject = section ? section.title : g.coa.name;
  const detail = firstSentence(section ? section.content : g.coa.description);
  const enemy = firstSentence(g.enemy_coa);
  const figures = input.figures.map((f) => f.text);
  return {
    critical_event: `${PLACE[g.method](input.turn, g.turns)}: ${subject}`.slice(0, 1000),
    time: null,
    action: `${g.operation.unit} executes "${subject}"${detail ? `: ${detail}` : ' as the COA statement describes.'}`,
    reaction: enemy
      ? `The enemy acts on its COA (${enemy}); its reaction in this turn is for the red-team cell to state.`
      : 'No enemy COA given: the red-team cell states the enemy reaction.',
    counteraction: `${g.operation.unit}'s counteraction: for the staff to state (rule-based draft).`,
    result:
      figures.length > 0
        ? `Terrain figures: ${figures.join('; ')}.`.slice(0, 4000)
        : 'No terrain analysis figure applies to this turn.',
    decision_point:
      section?.field === 'decision_points' ? `${section.title}${detail ? `: ${detail}` : ''}`.slice(0, 1000) : null,
  };
}
