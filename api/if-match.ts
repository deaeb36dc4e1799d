// If-Match for conditional writes: the ETag a GET answered ("<version>") as the expected revision.
import { HttpError } from './http-error.ts';

/** The revision an If-Match header names, or undefined when the request is unconditional. */
export function ifMatchRevision(header: string): number | undefined {
  if (!header) return undefined;
  const match = /^(?:W\/)?"(\d+)"$/.exec(header.trim());
  if (!match)
    throw new HttpError(422, [
      { loc: ['header', 'if-match'], msg: 'If-Match should be an ETag such as "3"', type: 'value_error' },
    ]);
  return Number(match[1]);
}
