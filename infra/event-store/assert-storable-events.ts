// What a database could refuse, checked before an append joins a group transaction, so that a bad
// append fails alone (with a clear error) instead of failing the transaction of its neighbours.
// PostgreSQL and PGlite refuse U+0000 in text and jsonb and unpaired UTF-16 surrogates in jsonb (in
// text, the driver silently turns them into U+FFFD: corruption); JSON.stringify silently turns
// non-finite numbers into null and throws on bigint; PGlite hangs on jsonb nested tens of thousands
// deep. Every adapter runs the same check, so an input is refused the same way on every backend.
import type { NewEvent } from '../../domain/shared/event-envelope.ts';
import { InvalidEventError, UnstorableEventError } from './event-store.ts';
import { unstorableTextProblem } from '../../domain/shared/unstorable-text.ts';

/** Deepest nesting of objects and arrays stored (GeoJSON needs about 6; PGlite stalls far deeper). */
export const MAX_JSON_DEPTH = 256;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Why the string cannot be stored, or null (the same rule as the request validator's). */
const textProblem = unstorableTextProblem;

/** The first unstorable value in a JSON-like value, as [path, problem], or null. */
function jsonProblem(value: unknown, path: string, depth: number): [string, string] | null {
  switch (typeof value) {
    case 'string': {
      const problem = textProblem(value);
      return problem ? [path, problem] : null;
    }
    case 'number':
      return Number.isFinite(value) ? null : [path, `is ${value}, which JSON cannot hold`];
    case 'bigint':
      return [path, 'is a bigint, which JSON cannot hold'];
    case 'object': {
      if (value === null) return null;
      if (depth >= MAX_JSON_DEPTH) return [path, `is nested deeper than ${MAX_JSON_DEPTH} levels`];
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const found = jsonProblem(value[i], `${path}/${i}`, depth + 1);
          if (found) return found;
        }
        return null;
      }
      for (const [key, item] of Object.entries(value)) {
        const keyProblem = textProblem(key);
        if (keyProblem) return [`${path}/${JSON.stringify(key)}`, `has a key that ${keyProblem}`];
        const found = jsonProblem(item, `${path}/${key}`, depth + 1);
        if (found) return found;
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * Throws UnstorableEventError (a DomainError 'invalid': the API answers 422) when data or metadata
 * hold what the database refuses, and InvalidEventError for a malformed envelope (a bug, not input).
 */
export function assertStorableEvents(stream: string, events: NewEvent[]): void {
  const streamProblem = textProblem(stream);
  if (streamProblem) throw new InvalidEventError(`stream name ${streamProblem}`, events[0]?.type ?? '');
  const ids = new Set<string>();
  for (const event of events) {
    if (typeof event.type !== 'string' || textProblem(event.type)) {
      throw new InvalidEventError('event type is not storable text', String(event.type));
    }
    if (!UUID.test(event.id)) throw new InvalidEventError(`${event.type} id ${event.id} is not a UUID`, event.type);
    if (ids.has(event.id.toLowerCase())) {
      throw new InvalidEventError(`${event.type} id ${event.id} appears twice in one append`, event.type);
    }
    ids.add(event.id.toLowerCase());
    if (!Number.isInteger(event.version) || event.version < 0 || event.version > 0x7fffffff) {
      const problem = `${event.type} version ${event.version} is not a 32-bit non-negative integer`;
      throw new InvalidEventError(problem, event.type);
    }
    const found = jsonProblem(event.data, 'data', 0) ?? jsonProblem(event.metadata, 'metadata', 0);
    if (found) throw new UnstorableEventError(event.type, found[0], found[1]);
  }
}
