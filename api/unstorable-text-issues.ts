// Every string of a request, keys included and at any depth, that the database could not store:
// one 422 issue each, with the loc of the field (for a bad key, the loc of that key). Walks without
// recursion (api/json-depth.ts), so no nesting overflows the stack.
import { unstorableTextProblem } from '../domain/shared/unstorable-text.ts';
import type { ValidationIssue } from './http-error.ts';
import { locOf, walkJson } from './json-depth.ts';

const MAX_ISSUES = 50;

export function unstorableTextIssues(
  value: unknown,
  loc: Array<string | number>,
  issues: ValidationIssue[] = [],
): ValidationIssue[] {
  // Values under a bad key are not looked at: the key's issue says it all.
  const skipped = new Set<unknown>();
  for (const visit of walkJson(value)) {
    if (issues.length >= MAX_ISSUES) break;
    if (visit.parent && skipped.has(visit.parent)) {
      skipped.add(visit);
      continue;
    }
    if (typeof visit.key === 'string') {
      const problem = unstorableTextProblem(visit.key);
      if (problem) {
        issues.push({ loc: locOf(visit, loc), msg: `Field name ${problem}`, type: 'string_unicode' });
        skipped.add(visit);
        continue;
      }
    }
    if (typeof visit.value === 'string') {
      const problem = unstorableTextProblem(visit.value);
      if (problem) issues.push({ loc: locOf(visit, loc), msg: `String ${problem}`, type: 'string_unicode' });
    }
  }
  return issues;
}
