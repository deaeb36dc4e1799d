/**
 * The error that actually happened. geotiff.js's block cache reports failed reads as an
 * AggregateError("Request failed") whose `errors` are the missing blocks (undefined), dropping the
 * real failure (an HTTP status, ECONNREFUSED); the HTTP client keeps its last failure for this
 * case, passed as `lastKnown`.
 */
export function rootCause(error: unknown, lastKnown?: unknown): unknown {
  let current = error;
  // geotiff.js has its own AggregateError class, so test the shape, not the class.
  while (Array.isArray((current as { errors?: unknown })?.errors)) {
    const inner = (current as { errors: unknown[] }).errors.find((e) => e !== undefined && e !== null);
    if (inner === undefined) return lastKnown ?? current;
    current = inner;
  }
  return current;
}
