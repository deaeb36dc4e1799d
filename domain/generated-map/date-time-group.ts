const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const two = (n: number) => String(n).padStart(2, '0');

/** A military date-time group in Zulu time, DDHHMMZMONYY (e.g. 231405ZNOV26), from an ISO instant. */
export function dateTimeGroup(instant: string | Date): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) throw new RangeError(`${String(instant)} is not a date-time`);
  return (
    `${two(at.getUTCDate())}${two(at.getUTCHours())}${two(at.getUTCMinutes())}Z` +
    `${MONTHS[at.getUTCMonth()]}${two(at.getUTCFullYear() % 100)}`
  );
}
