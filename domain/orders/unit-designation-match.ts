// Whether a unit named in an order is this operation's unit. Names are compared as words, so "TF 1-66 AR",
// "TF 1-66AR" and "Task Force 1-66 Armor" all contain "1-66 AR", while "11-66 AR" does not: both are
// cut into words (letters and digits apart, punctuation dropped), common long forms are shortened
// (TASK FORCE → TF, COMPANY → CO, BATTALION → BN, ARMOR → AR, INFANTRY → IN, 1ST → 1, ...; "Company A" →
// "A CO"), and the designation's words must appear in a row. An exact match scores higher than containment.
// When both name a battalion or a company of one (unit-designation-of.ts: "1-64 AR", "TF 1-64",
// "2nd Battalion, 64th Armor", "A/1-64"), the designations are compared instead: the same battalion and
// regiment, the same company or none on both sides (a company is not its battalion, nor the reverse),
// the same branch where both give one; exact when both give the branch or neither does.
import { unitDesignationOf, type UnitDesignation } from './unit-designation-of.ts';

const LONG_FORMS: readonly [RegExp, string][] = [
  [/\bTASK FORCE\b/g, 'TF'],
  [/\bCOMPANY\b/g, 'CO'],
  [/\bBATTALION\b/g, 'BN'],
  [/\bBRIGADE\b/g, 'BDE'],
  [/\bPLATOON\b/g, 'PLT'],
  [/\bSQUADRON\b/g, 'SQDN'],
  [/\bREGIMENT\b/g, 'REGT'],
  [/\bDIVISION\b/g, 'DIV'],
  [/\bARMOU?R(?:ED)?\b/g, 'AR'],
  [/\bINFANTRY\b/g, 'IN'],
  [/\bBATTERY\b/g, 'BTRY'],
  [/\bTROOP\b/g, 'TRP'],
  [/\bCAVALRY\b/g, 'CAV'],
  [/\bENGINEERS?\b/g, 'EN'],
  [/\bFIELD ARTILLERY\b/g, 'FA'],
  [/\b(\d+)(?:ST|ND|RD|TH)\b/g, '$1'],
];

function words(name: string): string[] {
  let upper = name.toUpperCase().replace(/[’']/g, '');
  upper = upper.replace(/\bBRIGADE COMBAT TEAM\b/g, 'BCT');
  for (const [pattern, short] of LONG_FORMS) upper = upper.replace(pattern, short);
  // "Company A" is "A Co" (the letter first, as FM 1-02.2 writes it).
  upper = upper.replace(
    /\b(CO|TRP|BTRY) ([A-Z]|ALPHA|BRAVO|CHARLIE|DELTA|ECHO|FOXTROT|GOLF|HOTEL)\b(?![-/])/g,
    '$2 $1',
  );
  return upper
    .replace(/(\d)([A-Z])|([A-Z])(\d)/g, '$1$3 $2$4')
    .split(/[^A-Z0-9ÄÖÜ]+/)
    .filter(Boolean);
}

function containsRun(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((word, j) => haystack[i + j] === word)) return true;
  }
  return false;
}

function designationScore(inOrder: UnitDesignation, wanted: UnitDesignation): number {
  if (inOrder.battalion !== wanted.battalion || inOrder.regiment !== wanted.regiment) return 0;
  if (inOrder.company !== wanted.company) return 0;
  if (inOrder.branch && wanted.branch) return inOrder.branch === wanted.branch ? 2 : 0;
  return inOrder.branch === wanted.branch ? 2 : 1;
}

/** 2 when the order's name is one of the designations, 1 when it contains one, else 0; and which matched. */
export function unitDesignationMatch(
  nameInOrder: string,
  designations: readonly string[],
): { score: number; matched: string | null } {
  const inOrder = words(nameInOrder);
  const inOrderDesignation = unitDesignationOf(inOrder);
  let best: { score: number; matched: string | null } = { score: 0, matched: null };
  for (const designation of designations) {
    const wanted = words(designation);
    const wantedDesignation = unitDesignationOf(wanted);
    if (inOrderDesignation && wantedDesignation) {
      const score = designationScore(inOrderDesignation, wantedDesignation);
      if (score > best.score) best = { score, matched: designation };
      continue;
    }
    const exact = wanted.length > 0 && wanted.join(' ') === inOrder.join(' ');
    const score = exact ? 2 : containsRun(inOrder, wanted) ? 1 : 0;
    if (score > best.score) best = { score, matched: designation };
  }
  return best;
}
