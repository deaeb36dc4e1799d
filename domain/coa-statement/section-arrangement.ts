// An arrangement must name every current section of the statement exactly once: the 422 says
// which ids are missing, which are not (or no longer) sections of the statement, and which repeat.
import { DomainError } from '../shared/domain-error.ts';

export function checkArrangement(current: readonly string[], requested: readonly string[]): void {
  const wanted = new Set(current);
  const seen = new Set<string>();
  const repeated: string[] = [];
  const extra: string[] = [];
  for (const id of requested) {
    if (seen.has(id)) repeated.push(id);
    else if (!wanted.has(id)) extra.push(id);
    seen.add(id);
  }
  const missing = current.filter((id) => !seen.has(id));
  if (missing.length === 0 && extra.length === 0 && repeated.length === 0) return;
  const parts = [
    missing.length ? `missing: ${missing.join(', ')}` : null,
    extra.length ? `not sections of this statement: ${extra.join(', ')}` : null,
    repeated.length ? `repeated: ${repeated.join(', ')}` : null,
  ].filter(Boolean);
  throw new DomainError(
    'invalid',
    `section_ids must be a permutation of the statement's ${current.length} sections (${parts.join('; ')})`,
    ['body', 'section_ids'],
  );
}
