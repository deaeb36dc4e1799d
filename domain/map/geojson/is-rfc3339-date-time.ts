// RFC 3339 date-time with an explicit offset (2024-05-01T12:00:00Z, ...T12:00:00.5+02:00), the form
// OGC API Features uses for `datetime` and the one a feature's `datetime` property must take.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

export function isRfc3339DateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = RFC3339.exec(value);
  if (!m) return false;
  const [month, day, hour, minute, second] = [m[2], m[3], m[4], m[5], m[6]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) return false;
  const daysInMonth = new Date(Date.UTC(Number(m[1]), month, 0)).getUTCDate();
  return day <= daysInMonth && !Number.isNaN(Date.parse(value));
}
