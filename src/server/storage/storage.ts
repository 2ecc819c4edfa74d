import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where files (profile photos, resources) live. The local folder is the default; a bucket (S3-compatible)
 * implements the same four calls for production with several instances.
 */
export type FileStorage = {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
};

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

/** Files under a folder; the content type is kept in a sidecar so `get` can answer it. */
export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };
  return {
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
      try {
        await fs.access(fileOf(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}

export const photoKey = (uid: string) => `photos/${uid}.jpg`;
