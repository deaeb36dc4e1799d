// Every string of a request, keys included and at any depth, that the database could not store:
// one 422 issue each, with the loc of the field (for a bad key, the loc of that key).
import { unstorableTextProblem } from '../domain/shared/unstorable-text.ts';
import type { ValidationIssue } from './http-error.ts';

const MAX_ISSUES = 50;

export function unstorableTextIssues(value: unknown, loc: Array<string | number>, issues: ValidationIssue[] = []): ValidationIssue[] {
  if (issues.length >= MAX_ISSUES) return issues;
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    if (problem) issues.push({ loc, msg: `String ${problem}`, type: 'string_unicode' });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableTextIssues(item, [...loc, i], issues));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = unstorableTextProblem(key);
      if (problem) issues.push({ loc: [...loc, key], msg: `Field name ${problem}`, type: 'string_unicode' });
      else unstorableTextIssues(item, [...loc, key], issues);
    }
  }
  return issues;
}
