// Content address of a file or URL source. A file's size and modification time stand in for its
// bytes (hashing a multi-gigabyte extract at start-up is too slow), so replacing the file gives new
// products; a URL is taken as immutable (publish new data under a new URL).
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isHttpLocation } from './is-http-location.ts';

export function locationFingerprint(kind: string, readerVersion: number, location: string): string {
  let identity: string;
  if (isHttpLocation(location)) identity = location;
  else {
    const path = resolve(location);
    try {
      const stats = statSync(path);
      identity = `${path}|${stats.size}|${Math.trunc(stats.mtimeMs)}`;
    } catch {
      identity = `${path}|missing`; // readTile reports the source as unreachable
    }
  }
  const digest = createHash('sha256').update(identity).digest('hex').slice(0, 32);
  return `${kind}:v${readerVersion}:${digest}`;
}
