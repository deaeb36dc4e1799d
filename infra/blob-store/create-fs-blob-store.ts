// BlobStore on a directory shared by every worker and API process (a local disk or a network
// filesystem). A put writes a temporary file in the store's own `.tmp/` folder and renames it onto
// the key's path: rename is atomic within one filesystem, so readers see the old bytes or the new
// ones, never a torn file. Content types are not kept; readers infer them from the key's extension.
import { mkdir, readFile, rename, rm, stat, writeFile, readdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { BlobStore } from './blob-store.ts';
import { validateBlobKey } from './validate-blob-key.ts';

const TEMP_DIR = '.tmp';

export interface FsBlobStore extends BlobStore {
  delete(prefix?: string): Promise<number>;
  readonly root: string;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Keys below `dir` (relative to the store root), depth first; the temp folder is not a key. */
async function listKeys(root: string, dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(join(root, dir), { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const keys: string[] = [];
  for (const entry of entries) {
    const key = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (dir === '' && entry.name === TEMP_DIR) continue;
    if (entry.isDirectory()) keys.push(...(await listKeys(root, key)));
    else keys.push(key);
  }
  return keys;
}

export function createFsBlobStore(root: string): FsBlobStore {
  const pathOf = (key: string) => join(root, validateBlobKey(key));
  return {
    root,
    async put(key, bytes) {
      const target = pathOf(key);
      const temp = join(root, TEMP_DIR, `${randomBytes(8).toString('hex')}.part`);
      await mkdir(dirname(temp), { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      await writeFile(temp, bytes);
      try {
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        const buffer = await readFile(pathOf(key));
        return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(prefix = '') {
      // The folder part of the prefix bounds the walk; the rest filters names within it.
      const slash = prefix.lastIndexOf('/');
      const dir = slash < 0 ? '' : prefix.slice(0, slash);
      if (dir !== '') validateBlobKey(dir);
      const keys = (await listKeys(root, dir)).filter((key) => key.startsWith(prefix));
      for (const key of keys) await rm(join(root, key), { force: true });
      return keys.length;
    },
  };
}
