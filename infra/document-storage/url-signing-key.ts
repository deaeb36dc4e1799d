// The HMAC key of the filesystem store's download URLs: DOCUMENT_URL_SIGNING_KEY when set (every
// API process of a deployment must share it), else a random key generated once and kept in
// DATA_DIR, so URLs survive a restart. Two processes starting together agree: the file is created
// exclusively and the loser reads the winner's key.
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../config.ts';

export const SIGNING_KEY_FILE = 'document-url-signing.key';
const MIN_CONFIGURED_LENGTH = 32;

export async function loadUrlSigningKey(configured: string | null, dataDir: string): Promise<Buffer> {
  if (configured !== null) {
    if (configured.length < MIN_CONFIGURED_LENGTH) {
      throw new ConfigError(`DOCUMENT_URL_SIGNING_KEY must be at least ${MIN_CONFIGURED_LENGTH} characters`);
    }
    return Buffer.from(configured, 'utf8');
  }
  const path = join(dataDir, SIGNING_KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  // Written whole beside the target, then linked onto it: link fails when the key exists, and a
  // reader never sees a half-written file.
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    await link(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temp, { force: true });
  }
  const text = (await readFile(path, 'utf8')).trim();
  if (!/^[0-9a-f]{64}$/.test(text))
    throw new ConfigError(`${path} does not hold a 64-hex-digit key; remove it to generate one`);
  return Buffer.from(text, 'hex');
}
