// Seeded databases for all.ts, kept between runs: seeding 100,000 members (500,000 posts, 2,000,000
// responses) takes minutes on PGlite, so each size and database is seeded once and copied from a cache
// under the OS's temporary folder afterwards. The cache's key holds everything the seeded data depends on
// (the seed scripts, the migrations, the database's version), so a change to any of them seeds afresh.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fromPostgres, openDatabase, type Database } from '../../src/server/db/client';
import { postgresBin, startThrowawayPostgres } from '../postgres';

export const SEED_CACHE_DIR = path.join(os.tmpdir(), 'fn-bench-cache');

export type DatabaseKind = 'pglite' | 'postgres';

export type SeededDatabase = {
  kind: DatabaseKind;
  /** A scratch folder (logs, the servers' data folders), removed by dispose(). */
  root: string;
  /** The environment that points a server at the seeded data. */
  env: Record<string, string>;
  /** How long seeding took (when it was done, if it came from the cache). */
  seedSeconds: number;
  fromCache: boolean;
  /** The cached copy. */
  cacheDir: string;
  /** Copying the cached data into place (and, on PostgreSQL, starting the server on it). */
  copySeconds: number;
  /** The environment of a server on a new, empty database: a new data folder, or a new PostgreSQL database. */
  emptyEnv(name: string): Promise<Record<string, string>>;
  dispose(): void;
};

/** What the seeded data depends on, hashed: the seed scripts, the migrations, the database's version. */
function seedVersion(kind: DatabaseKind): string {
  const hash = createHash('sha256');
  const here = import.meta.dirname;
  const migrations = path.join(here, '../../src/server/db/migrations');
  const files = [
    path.join(here, 'directory-seed.ts'),
    path.join(here, 'forum-seed.ts'),
    path.join(here, 'churches-seed.ts'),
    ...fs
      .readdirSync(migrations, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name))
      .sort(),
  ];
  for (const file of files) hash.update(path.relative(here, file)).update(fs.readFileSync(file));
  if (kind === 'pglite') {
    const pkg = path.join(here, '../../node_modules/@electric-sql/pglite/package.json');
    hash.update((JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version);
  } else {
    hash.update(postgresBin() ?? 'no postgres');
  }
  return hash.digest('hex').slice(0, 12);
}

type Meta = { seedSeconds: number; seededAt: string };

const secondsSince = (started: number) => (performance.now() - started) / 1000;

/**
 * A database of `kind` filled by `seed` (timed), in a scratch folder: a copy of the cache's when it holds this
 * `key` seeded by this version of the seed (unless `fresh`), else seeded now and then kept in the cache.
 */
export async function seededDatabase(opts: {
  kind: DatabaseKind;
  key: string;
  seed: (database: Database) => Promise<void>;
  fresh?: boolean;
}): Promise<SeededDatabase> {
  const { kind, seed } = opts;
  const cached = path.join(SEED_CACHE_DIR, `${kind}-${opts.key}-${seedVersion(kind)}`);
  const metaFile = path.join(cached, 'seed.json');
  const fromCache = !opts.fresh && fs.existsSync(metaFile);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `fn-bench-all-${kind}-`));

  /** Keeps a seeded data folder in the cache, whole or not at all (copied aside, then renamed). */
  const keep = (copy: (dest: string) => void, meta: Meta) => {
    fs.mkdirSync(SEED_CACHE_DIR, { recursive: true });
    const partial = `${cached}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial);
    copy(path.join(partial, 'data'));
    fs.writeFileSync(path.join(partial, 'seed.json'), JSON.stringify(meta));
    fs.rmSync(cached, { recursive: true, force: true });
    fs.renameSync(partial, cached);
  };
  const metaOf = (): Meta => JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Meta;

  try {
    if (kind === 'pglite') {
      const dataDir = path.join(root, 'data');
      let seedSeconds: number;
      let copySeconds = 0;
      if (fromCache) {
        const started = performance.now();
        execFileSync('cp', ['-a', path.join(cached, 'data'), dataDir]);
        copySeconds = secondsSince(started);
        seedSeconds = metaOf().seedSeconds;
      } else {
        fs.mkdirSync(dataDir, { recursive: true });
        const started = performance.now();
        const database = await openDatabase({ dataDir });
        await seed(database);
        await database.close();
        seedSeconds = secondsSince(started);
        keep((dest) => execFileSync('cp', ['-a', dataDir, dest]), { seedSeconds, seededAt: new Date().toISOString() });
      }
      return {
        kind,
        root,
        env: { DATA_DIR: dataDir, DATABASE_URL: '' },
        cacheDir: cached,
        seedSeconds,
        fromCache,
        copySeconds,
        emptyEnv: async (name) => ({ DATA_DIR: path.join(root, name), DATABASE_URL: '' }),
        dispose: () => fs.rmSync(root, { recursive: true, force: true }),
      };
    }

    const started = performance.now();
    const server = await startThrowawayPostgres(fromCache ? { copyOf: path.join(cached, 'data') } : {});
    let seedSeconds: number;
    let copySeconds = 0;
    try {
      if (fromCache) {
        copySeconds = secondsSince(started);
        seedSeconds = metaOf().seedSeconds;
      } else {
        const seeding = performance.now();
        const database = fromPostgres(server.url, 4);
        await seed(database);
        await database.close();
        seedSeconds = secondsSince(seeding);
        keep((dest) => server.copyTo(dest), { seedSeconds, seededAt: new Date().toISOString() });
      }
    } catch (err) {
      server.stop();
      throw err;
    }
    return {
      kind,
      root,
      env: { DATABASE_URL: server.url, DATA_DIR: path.join(root, 'server-data') },
      cacheDir: cached,
      seedSeconds,
      fromCache,
      copySeconds,
      async emptyEnv(name) {
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        try {
          await client.query(`create database "${name.replace(/[^a-z0-9_]/g, '_')}"`);
        } finally {
          await client.end();
        }
        const url = new URL(server.url);
        url.pathname = `/${name.replace(/[^a-z0-9_]/g, '_')}`;
        return { DATABASE_URL: url.toString(), DATA_DIR: path.join(root, name) };
      },
      dispose() {
        server.stop();
        fs.rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (err) {
    fs.rmSync(root, { recursive: true, force: true });
    throw err;
  }
}
