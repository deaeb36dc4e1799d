// Request JSON nested deeper than any route takes (issue 20: a 10,000-level array in any body made
// the recursive walks of request data overflow the stack, a 500). Checked before anything walks
// the body, without recursion itself.
import type { ValidationIssue } from './http-error.ts';

/** Most levels of arrays and objects a JSON body may nest (the body itself is level 1). */
export const MAX_JSON_DEPTH = 64;

interface Visit {
  value: unknown;
  depth: number;
  parent: Visit | null;
  key: string | number | null;
}

/** The loc of a visit, from its chain of parents. */
export function locOf(visit: Visit, root: Array<string | number>): Array<string | number> {
  const keys: Array<string | number> = [];
  for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) keys.push(v.key);
  return [...root, ...keys.reverse()];
}

/**
 * Every value of a JSON document in document order (depth first, keys in order), with what locOf
 * needs; without recursion, so any depth is safe to walk. `enter` may refuse to descend.
 */
export function* walkJson(value: unknown): Generator<Visit> {
  const stack: Visit[] = [
    { value, depth: value !== null && typeof value === 'object' ? 1 : 0, parent: null, key: null },
  ];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    yield visit;
    const v = visit.value;
    if (v === null || typeof v !== 'object') continue;
    const entries: Array<[string | number, unknown]> = Array.isArray(v)
      ? v.map((item, i) => [i, item])
      : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      const nested = item !== null && typeof item === 'object';
      stack.push({ value: item, depth: visit.depth + (nested ? 1 : 0), parent: visit, key });
    }
  }
}

/** A 422 issue at the first array or object nested deeper than `max` levels, or null. */
export function jsonDepthIssue(
  value: unknown,
  root: Array<string | number>,
  max = MAX_JSON_DEPTH,
): ValidationIssue | null {
  for (const visit of walkJson(value)) {
    if (visit.depth > max) {
      return { loc: locOf(visit, root), msg: `Value nested more than ${max} levels deep`, type: 'json_too_deep' };
    }
  }
  return null;
}
