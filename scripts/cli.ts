// What the command-line tools (admin, backup, restore, storage:copy) share: a sentence on stderr and exit 1,
// and the server's own configuration, read the way the server reads it.
import { ConfigError, loadConfig, loadDotEnv, type Config } from '../src/server/config';
import { StorageUnavailableError, type FileStorage } from '../src/server/storage/storage';

/** Says `message` on stderr and ends the command with exit code 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The configuration from the environment (and `.env`); a bad setting ends the command with the list, and `hint`. */
export function configOrFail(hint = ''): Config {
  try {
    loadDotEnv();
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`${err.message}${hint}`);
    throw err;
  }
}

/** A bucket that is missing, unreachable or refuses the credentials ends the command, said in words, before anything starts. */
export async function checkStorageOrFail(storage: FileStorage): Promise<void> {
  await storage.check().catch((err: unknown) => fail(err instanceof StorageUnavailableError ? err.message : String(err)));
}
