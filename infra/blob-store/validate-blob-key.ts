// Keys become file paths in the filesystem adapter and object names elsewhere, so they are held to
// a portable subset: relative, slash-separated segments of [A-Za-z0-9._-], no empty or dot segments.
const SEGMENT = /^[A-Za-z0-9_.-]+$/;
const MAX_KEY_LENGTH = 512;

export class BlobKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlobKeyError';
  }
}

/** Throws BlobKeyError unless `key` is a valid blob key; returns it for chaining. */
export function validateBlobKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new BlobKeyError(`blob key must be 1..${MAX_KEY_LENGTH} characters`);
  }
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..' || !SEGMENT.test(segment)) {
      throw new BlobKeyError(
        `invalid blob key ${JSON.stringify(key)}: segments are [A-Za-z0-9._-], not empty, not . or ..`,
      );
    }
  }
  return key;
}
