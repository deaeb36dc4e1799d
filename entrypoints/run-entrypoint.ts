// What every entry point shares: configuration errors stop with a one-line reason and exit code 2,
// other start-up errors with exit code 1, and SIGINT / SIGTERM close what was opened, then exit 0.
import { ConfigError, loadConfig, type Config } from '../infra/config.ts';
import { EmbeddedLockError } from '../infra/embedded-lock.ts';
import { SourceError } from '../workers/terrain/sources/source-provider.ts';

/** Exits with a usage or configuration message (exit code 2). */
export function exitWithUsage(message: string): never {
  console.error(message);
  process.exit(2);
}

function isConfigurationError(error: unknown): boolean {
  return error instanceof ConfigError || (error instanceof SourceError && error.code === 'INVALID_SOURCE_CONFIG');
}

/**
 * Runs `start` with the configuration. A long-running process returns its close function: it is
 * called on SIGINT or SIGTERM. A command returns nothing and the process ends when it is done.
 */
export async function runEntrypoint(start: (config: Config) => Promise<(() => Promise<void>) | void>): Promise<void> {
  try {
    const close = await start(loadConfig());
    if (!close) return;
    const shutdown = async () => {
      await close();
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown());
    process.once('SIGTERM', () => void shutdown());
  } catch (error) {
    if (isConfigurationError(error)) exitWithUsage(`configuration error: ${(error as Error).message}`);
    const prefix = error instanceof EmbeddedLockError ? 'start-up error' : 'error';
    console.error(`${prefix}: ${(error as Error).message}`);
    process.exit(error instanceof EmbeddedLockError ? 2 : 1);
  }
}
