// Shared bits of the benchmarks: a database per run (PostgreSQL in a fresh schema, or PGlite in
// memory) and figure formatting.
import { openTestDatabase, type SqlBackend } from '../test/support/backends.ts';

export { openTestDatabase, type SqlBackend };

export function backendsFromArgs(): SqlBackend[] {
  const arg = process.argv.find((a) => a.startsWith('--backend='))?.split('=')[1];
  return arg ? [arg as SqlBackend] : ['postgres', 'pglite'];
}

export function numberArg(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return arg ? Number(arg) : fallback;
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
