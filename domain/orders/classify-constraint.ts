// Whether a directive is a constraint, and which: a prohibition (cannot do) or a requirement (must do)
// (ATP 5-0.2-1 substep 2.5), and what it is about. Prohibition: "no", "not", "do not", "never",
// "prohibited", "avoid", "cannot", "without approval", "off limits" ("not later than" is a time, not a
// prohibition). Requirement: "must", "will", "shall", "NLT", "NET", "ensure", "maintain", "report",
// "be prepared"/"BPT" and the like; neither: no kind. Category, first that fits: fire control (no fires, NFA, RFA, RFL,
// CFL, FSCL, weapons status, clearance of fires), rules of engagement, risk (fratricide, safety, MOPP,
// hazards), movement (crossing, routes, march), time (a DTG or a relative time), else other.
import { FIRE_CONTROL, RISK, RULES_OF_ENGAGEMENT } from './directive-patterns.ts';
import type { Constraint } from './order-record.ts';

type ConstraintKind = Constraint['kind'];
type ConstraintCategory = Constraint['category'];

const TIME_WORDS = /\b(?:not|no) (?:later|earlier) than\b/gi;
const PROHIBITION = new RegExp(
  String.raw`\b(?:no|not|never|nor|prohibited|forbidden|avoid|cannot|can ?not|must not|` +
    String.raw`shall not|will not|won['’]t|do not|don['’]t|off[- ]limits|` +
    String.raw`without (?:prior )?(?:approval|permission|authori[sz]ation|clearance))\b`,
  'i',
);
const REQUIREMENT = new RegExp(
  String.raw`\b(?:must|will|shall|NLT|NET|required?|requires|ensure|maintain|report|BPT|` +
    String.raw`be prepared|establish|provide|coordinate|submit|complete|conduct|remain|cross|occupy|clear)\b`,
  'i',
);

const MOVEMENT = new RegExp(
  String.raw`\b(?:cross(?:es|ing)?|move(?:s|ment)?|march|routes?|convoy|traffic|` +
    String.raw`enter(?:s|ing)?|pass(?:es|age)?)\b`,
  'i',
);
const TIME = /\b\d{6}(?:\d{2})?[A-IK-Z]?\b|\b[DH][+-]\d|\b[DH]-(?:day|hour)\b/i;

/** The kind is null when the sentence has neither kind's words. */
export function classifyConstraint(sentence: string): { kind: ConstraintKind | null; category: ConstraintCategory } {
  const withoutTimes = sentence.replace(TIME_WORDS, 'NLT');
  const kind = PROHIBITION.test(withoutTimes) ? 'prohibition' : REQUIREMENT.test(withoutTimes) ? 'requirement' : null;
  const category = FIRE_CONTROL.test(sentence)
    ? 'fire_control'
    : RULES_OF_ENGAGEMENT.test(sentence)
      ? 'rules_of_engagement'
      : RISK.test(sentence)
        ? 'risk'
        : MOVEMENT.test(sentence)
          ? 'movement'
          : TIME.test(sentence)
            ? 'time'
            : 'other';
  return { kind, category };
}
