// Document storage in a directory (the embedded default, under DATA_DIR). A put streams into a
// temporary file in the store's `.tmp/` folder and renames it onto the key's path once whole, so
// an object is never seen half-written and a failed or aborted put leaves only a temporary file,
// which is removed at once (a day-old one, left by a process that died, at the first put). Download URLs point at
// the API, which checks their HMAC signature (url-signature.ts).
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { validateStorageKey, type DocumentStorage, type ListedObject } from './document-storage.ts';
import { hashingBody } from './hashing-body.ts';
import { signDownloadUrl } from './url-signature.ts';

const TEMP_DIR = '.tmp';
/** A temporary file older than this belongs to no put in flight (several processes share the folder). */
const STALE_TEMP_MS = 24 * 3600 * 1000;

export interface FilesystemStorageOptions {
  root: string;
  /** HMAC key of the download URLs. */
  signingKey: Buffer;
  /** Clock of the URL expiry (tests move it). */
  nowSeconds?: () => number;
}

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException)?.code ?? '');

async function* walk(root: string, dir: string): AsyncGenerator<ListedObject> {
  let entries;
  try {
    entries = await readdir(join(root, dir), { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const key = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (dir === '' && entry.name === TEMP_DIR) continue;
    if (entry.isDirectory()) {
      yield* walk(root, key);
    } else if (entry.isFile()) {
      const info = await stat(join(root, key)).catch(() => null);
      if (info) yield { key, size: info.size, lastModified: info.mtime };
    }
  }
}

export function createFilesystemDocumentStorage(options: FilesystemStorageOptions): DocumentStorage {
  const { root, signingKey } = options;
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const pathOf = (key: string) => join(root, validateStorageKey(key));
  // Temporary files of puts cut short by a crash.
  let tempCleared: Promise<void> | null = null;
  const clearTemp = () =>
    (tempCleared ??= (async () => {
      const dir = join(root, TEMP_DIR);
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const info = await stat(join(dir, name)).catch(() => null);
        if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(join(dir, name), { force: true });
      }
    })());

  return {
    kind: 'filesystem',
    async put(key, body, { signal }) {
      const target = pathOf(key);
      await clearTemp();
      const temp = join(root, TEMP_DIR, `${randomBytes(8).toString('hex')}.part`);
      await mkdir(dirname(temp), { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      const hashing = hashingBody(body);
      try {
        await pipeline(Readable.from(hashing.bytes), createWriteStream(temp, { flags: 'wx' }), { signal });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw signal?.aborted && signal.reason !== undefined ? signal.reason : error;
      }
      return hashing.result();
    },
    async get(key) {
      try {
        // Opened first, so a delete between the check and the read cannot fail the stream.
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    list(prefix) {
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      return (async function* () {
        for await (const object of walk(root, folder)) if (object.key.startsWith(prefix)) yield object;
      })();
    },
    async presignGet(key, { expiresInSeconds, fileName, contentType, origin }) {
      validateStorageKey(key);
      return signDownloadUrl(
        origin,
        { key, expires: nowSeconds() + expiresInSeconds, fileName, contentType },
        signingKey,
      );
    },
    async ping() {
      await mkdir(root, { recursive: true });
      return (await stat(root)).isDirectory();
    },
  };
}

/** Reads a stored object whole (tests, small texts). */
export async function readObject(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
