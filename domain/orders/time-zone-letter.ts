// Military time-zone letters (the letter of a date-time group): Z is UTC; A to M (J skipped) are
// UTC+1 to UTC+12; N to Y are UTC-1 to UTC-12; J is the observer's local time, which has no fixed
// offset. Source: ../shared/reference/ipb-and-coa-facts.md §8.5 (Wikipedia "Date-time group" [weak];
// J recalled). Orders name the zone by its phonetic word ("Time zone used throughout the order: ALPHA").
export const ZONE_WORDS: Readonly<Record<string, string>> = {
  ALPHA: 'A',
  ALFA: 'A',
  BRAVO: 'B',
  CHARLIE: 'C',
  DELTA: 'D',
  ECHO: 'E',
  FOXTROT: 'F',
  GOLF: 'G',
  HOTEL: 'H',
  INDIA: 'I',
  JULIET: 'J',
  JULIETT: 'J',
  KILO: 'K',
  LIMA: 'L',
  MIKE: 'M',
  NOVEMBER: 'N',
  OSCAR: 'O',
  PAPA: 'P',
  QUEBEC: 'Q',
  ROMEO: 'R',
  SIERRA: 'S',
  TANGO: 'T',
  UNIFORM: 'U',
  VICTOR: 'V',
  WHISKEY: 'W',
  WHISKY: 'W',
  XRAY: 'X',
  'X-RAY': 'X',
  YANKEE: 'Y',
  ZULU: 'Z',
  UTC: 'Z',
  GMT: 'Z',
  LOCAL: 'J',
};

/** Hours to add to UTC for the zone's local time; null for J (local) or a letter that is not a zone. */
export function utcOffsetOfZoneLetter(letter: string): number | null {
  const code = letter.toUpperCase();
  if (code === 'Z') return 0;
  if (code >= 'A' && code <= 'I') return code.charCodeAt(0) - 64;
  if (code >= 'K' && code <= 'M') return code.charCodeAt(0) - 65;
  if (code >= 'N' && code <= 'Y') return -(code.charCodeAt(0) - 77);
  return null;
}
