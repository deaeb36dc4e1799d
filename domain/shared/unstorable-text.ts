// Text that PostgreSQL (and PGlite) cannot store: U+0000 is refused in text and jsonb, an unpaired
// UTF-16 surrogate is refused in jsonb and silently replaced in text. One rule for the request
// validator and the event store, so a bad string is refused the same way everywhere.

/** Fast pre-test: most strings hold neither NUL nor any surrogate. */
// eslint-disable-next-line no-control-regex
const SUSPECT = /[\u0000\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why the text cannot be stored, or null when it can. */
export function unstorableTextProblem(text: string): string | null {
  if (!SUSPECT.test(text)) return null;
  if (text.includes('\u0000')) return 'contains U+0000 (NUL), which cannot be stored';
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired UTF-16 surrogate, which cannot be stored';
  return null;
}
