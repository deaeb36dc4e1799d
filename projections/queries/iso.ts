// Timestamps leave the read models as RFC 3339 UTC strings, whatever the driver returned.
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
