// The structured designation of a battalion-level unit or one of its companies, read from the words of a
// name (unit-designation-match.ts cuts names into words and shortens long forms). U.S. Army orders write
// one unit in many ways — "1-64 AR", "1/64 AR", "TF 1-64", "Task Force 1-64", "1st Battalion, 64th Armor
// Regiment", "2nd Squadron, 7th Cavalry" — and a company as "A/1-64", "A Co, 1-64 AR", "Alpha Company,
// 1st Battalion, 64th Armor" (FM 1-02.2 unit designations: company letter / battalion number - regiment
// number, then the branch). The rule: two numbers in a row (with BN/SQDN between them, or TF before them)
// are battalion and regiment; a single letter, a phonetic letter or HHC/HHB/HHT right before them (with
// CO/TRP/BTRY) is the company; a branch word after them is the branch. Null when the name has no such
// pair of numbers (a name like "A Co" or "2 BCT" is compared as words).
export interface UnitDesignation {
  company: string | null;
  battalion: number;
  regiment: number;
  branch: string | null;
}

const PHONETIC: Readonly<Record<string, string>> = {
  ALPHA: 'A',
  ALFA: 'A',
  BRAVO: 'B',
  CHARLIE: 'C',
  DELTA: 'D',
  ECHO: 'E',
  FOXTROT: 'F',
  GOLF: 'G',
  HOTEL: 'H',
};
const HEADQUARTERS_COMPANIES = new Set(['HHC', 'HHB', 'HHT', 'HQ']);
const COMPANY_WORDS = new Set(['CO', 'TRP', 'BTRY']);
const BATTALION_WORDS = new Set(['BN', 'SQDN']);
const BRANCHES = new Set(['AR', 'IN', 'CAV', 'FA', 'EN', 'CAB', 'ADA', 'AV', 'MP', 'SIG', 'BSB', 'BEB', 'MI', 'CA']);
const NUMBER = /^\d{1,3}$/;

function companyBefore(words: readonly string[], at: number): string | null {
  let i = at - 1;
  if (i >= 0 && COMPANY_WORDS.has(words[i]!)) i--;
  const word = words[i];
  if (word === undefined) return null;
  if (/^[A-Z]$/.test(word)) return word;
  if (PHONETIC[word]) return PHONETIC[word];
  return HEADQUARTERS_COMPANIES.has(word) ? (word === 'HQ' ? 'HHC' : word) : null;
}

/** The first battalion (or company of a battalion) designated in the words, or null. */
export function unitDesignationOf(words: readonly string[]): UnitDesignation | null {
  for (let i = 0; i < words.length; i++) {
    if (!NUMBER.test(words[i]!)) continue;
    const between = BATTALION_WORDS.has(words[i + 1] ?? '') ? 1 : 0;
    const regiment = words[i + 1 + between];
    if (regiment === undefined || !NUMBER.test(regiment)) continue;
    const after = words[i + 2 + between];
    return {
      company: companyBefore(words, words[i - 1] === 'TF' ? i - 1 : i),
      battalion: Number(words[i]),
      regiment: Number(regiment),
      branch: after !== undefined && BRANCHES.has(after) ? after : null,
    };
  }
  return null;
}
