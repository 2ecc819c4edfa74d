import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where files (profile photos, resources) live. The local folder is the default; a bucket (S3-compatible,
 * storage/s3.ts) implements the same calls for production with several instances.
 */
export type FileStorage = {
  /** Where the files are, for logs and messages: a folder, or the bucket (never credentials). */
  readonly where: string;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored file (its key and size in bytes), in no particular order: for copies and backups. */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Throws StorageUnavailableError, saying why in plain words, unless the storage can be written to. */
  check(): Promise<void>;
};

/** The storage cannot be used (a bucket that is missing or unreachable, refused credentials, a folder not writable). */
export class StorageUnavailableError extends Error {}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths of plain names: nothing that could climb out of the folder or the bucket's prefix. */
export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

export function checkKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** Files under a folder; the content type is kept in a sidecar so `get` can answer it. */
export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };
  return {
    where: root,
    async put(key, data, contentType) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.writeFile(`${file}.type`, contentType);
      await fs.rename(tmp, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [data, contentType] = await Promise.all([
          fs.readFile(file),
          fs.readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream'),
        ]);
        return { data, contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.type`, { force: true });
    },
    async exists(key) {
      const file = fileOf(key);
      try {
        await fs.access(file);
        return true;
      } catch {
        return false;
      }
    },
    async *list() {
      let entries;
      try {
        entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.type') || entry.name.endsWith('.tmp')) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, file).split(path.sep).join('/');
        if (!isSafeKey(key)) continue;
        const { size } = await fs.stat(file);
        yield { key, size };
      }
    },
    async check() {
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fs.constants.W_OK);
      } catch (err) {
        throw new StorageUnavailableError(`The files folder ${root} cannot be written to: ${(err as Error).message}`);
      }
    },
  };
}

export const photoKey = (uid: string) => `photos/${uid}.jpg`;
