// A date-time group as an instant in UTC (ISO 8601). DDHHMM[SS], a zone letter (or the order's time
// zone when the group has none) and MON YY. Where month and year are missing ("270500Z"), they are
// the ones that put the instant nearest the reference date (the previous, same or next month); where
// only the year is missing, the year that does. No zone, zone J (local time), no reference date for a
// missing month, or a day the month does not have: no instant, and the reason.
import { utcOffsetOfZoneLetter } from './time-zone-letter.ts';

export interface DateTimeGroupParts {
  day: number;
  hour: number;
  minute: number;
  second: number;
  zoneLetter: string | null;
  /** 1–12, or null when not written. */
  month: number | null;
  /** Four digits (two-digit years are 20YY), or null. */
  year: number | null;
}

export interface DateTimeGroupInstant {
  iso: string | null;
  monthFromReference: boolean;
  yearFromReference: boolean;
  unresolved: string | null;
}

const HOUR_MS = 3_600_000;

function utcMs(year: number, month: number, parts: DateTimeGroupParts, offset: number): number | null {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (parts.day < 1 || parts.day > daysInMonth) return null;
  return Date.UTC(year, month - 1, parts.day, parts.hour, parts.minute, parts.second) - offset * HOUR_MS;
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

export function dateTimeGroupToIso(parts: DateTimeGroupParts, referenceDate: string | null): DateTimeGroupInstant {
  const none = (unresolved: string, monthFromReference = false, yearFromReference = false): DateTimeGroupInstant => ({
    iso: null,
    monthFromReference,
    yearFromReference,
    unresolved,
  });
  const monthFromReference = parts.month === null;
  const yearFromReference = parts.year === null;
  const beyondMidnight = parts.hour === 24 && parts.minute + parts.second > 0;
  if (parts.hour > 24 || parts.minute > 59 || parts.second > 59 || beyondMidnight) {
    return none('not a time of day', monthFromReference, yearFromReference);
  }
  if (parts.zoneLetter === null) return none('no time zone: the group has no zone letter and the order states none');
  const offset = utcOffsetOfZoneLetter(parts.zoneLetter);
  if (offset === null) return none(`time zone ${parts.zoneLetter} (local time) has no fixed offset from UTC`);
  const reference = referenceDate === null ? NaN : Date.parse(referenceDate);
  if ((monthFromReference || yearFromReference) && Number.isNaN(reference)) {
    return none('month or year not written and no reference date given', monthFromReference, yearFromReference);
  }
  const candidates: [number, number][] = [];
  if (!monthFromReference && !yearFromReference) candidates.push([parts.year!, parts.month!]);
  else {
    const ref = new Date(reference);
    const refYear = ref.getUTCFullYear();
    const refMonth = ref.getUTCMonth() + 1;
    if (monthFromReference) {
      for (const shift of [-1, 0, 1]) {
        const index = refYear * 12 + (refMonth - 1) + shift;
        const year = Math.floor(index / 12);
        if (yearFromReference || year === parts.year) candidates.push([year, (index % 12) + 1]);
      }
    } else for (const shift of [-1, 0, 1]) candidates.push([refYear + shift, parts.month!]);
  }
  let best: number | null = null;
  for (const [year, month] of candidates) {
    const ms = utcMs(year, month, parts, offset);
    if (ms !== null && (best === null || Math.abs(ms - reference) < Math.abs(best - reference))) best = ms;
  }
  if (best === null) return none('the day is not in the month', monthFromReference, yearFromReference);
  return { iso: iso(best), monthFromReference, yearFromReference, unresolved: null };
}
