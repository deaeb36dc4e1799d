// The enemy's strength from the order's words (paragraph 1c), in maneuver-company equivalents: the
// first "<count> <unit>" the text names — "two battalions", "a motorized rifle platoon", "three
// companies" — times the units' size, times "at NN percent strength" when the order says it.
// Sizes are a planning assumption, not doctrine (no readable source gives combat-power values):
// a platoon is a third of a company, a battalion three companies, a regiment or brigade three
// battalions, a division three brigades — the "rule of three" of the US and Russian ladders.

export const COMPANY_EQUIVALENTS: Readonly<Record<string, number>> = {
  squad: 1 / 9,
  section: 1 / 6,
  platoon: 1 / 3,
  company: 1,
  battery: 1,
  troop: 1,
  battalion: 3,
  squadron: 3,
  regiment: 9,
  brigade: 9,
  division: 27,
};

const COUNTS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

const UNIT_WORDS =
  'squads?|sections?|platoons?|company|companies|batter(?:y|ies)|troops?|battalions?|squadrons?|regiments?|brigades?|divisions?';
// <count> [up to four descriptive words] <unit word>; the words may not be another count.
const UNIT_PATTERN = new RegExp(
  `\\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\\d+)\\s+((?:(?!(?:${UNIT_WORDS})\\b)[\\w()-]+\\s+){0,4}?)(${UNIT_WORDS})\\b`,
  'i',
);
const PERCENT_PATTERN = /\b(?:at\s+)?(\d{1,3})\s*(?:%|percent|per cent)\s*(?:strength)?/i;

export interface EnemyStrength {
  /** Maneuver-company equivalents. */
  company_equivalents: number;
  count: number;
  unit: string;
  /** The words read, e.g. "two battalions … at 70 percent strength". */
  read: string;
  percent: number;
}

const singular = (word: string) => {
  const w = word.toLowerCase();
  if (w === 'companies') return 'company';
  if (w === 'batteries') return 'battery';
  return w.endsWith('s') ? w.slice(0, -1) : w;
};

/** The strength a text states, or null when it names no counted unit. */
export function enemyStrength(text: string): EnemyStrength | null {
  const match = UNIT_PATTERN.exec(text);
  if (!match) return null;
  const countWord = match[1]!.toLowerCase();
  const count = COUNTS[countWord] ?? Number(countWord);
  const unit = singular(match[3]!);
  const size = COMPANY_EQUIVALENTS[unit];
  if (!(count > 0) || size === undefined) return null;
  const percentMatch = PERCENT_PATTERN.exec(text);
  const percent = percentMatch ? Math.min(100, Number(percentMatch[1])) : 100;
  const read = match[0] + (percentMatch ? ` … ${percentMatch[0].trim()}` : '');
  return { company_equivalents: count * size * (percent / 100), count, unit, read, percent };
}
