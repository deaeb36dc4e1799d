// Whether an If-None-Match header matches a current ETag (RFC 9110 §13.1.2): `*` matches any
// current representation; otherwise the weak comparison applies, so `W/"x"` matches `"x"`.
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const current = opaque(etag);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || (tag !== '' && opaque(tag) === current);
  });
}
