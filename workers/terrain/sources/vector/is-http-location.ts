/** True when a source location is an http(s) URL rather than a file path. */
export function isHttpLocation(location: string): boolean {
  return /^https?:\/\//i.test(location);
}
