// A JSON column leaves the read models parsed, whatever the driver returned (pg parses json and
// jsonb itself; a driver that does not hands over the text).
export function jsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
