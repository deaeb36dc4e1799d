// The seed of a simulation request that names none: derived from the COA statement and the method,
// so the same request is reproducible without the client choosing a number. Pure.
import { createHash } from 'node:crypto';

export function defaultSeed(coaStatementId: string, method: string): number {
  return createHash('sha256').update(`${coaStatementId.toLowerCase()}:${method}`).digest().readUInt32BE(0) & 0x7fffffff;
}
