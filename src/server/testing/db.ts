import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, fromPostgres, PGLITE_EXTENSIONS, pgliteDir, type Database } from '../db/client';
import { withDatabase } from './global-setup';
import { useShared } from './shared';

/**
 * A fresh, migrated database for one test file: a PGlite copy of the template, or, when DATABASE_URL
 * is set, a new PostgreSQL database made from the template. Close it in afterAll (or see useTestDatabase).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = process.env.TEST_PG_TEMPLATE;
    if (!template) throw new Error('TEST_PG_TEMPLATE missing: run tests through vitest (global setup)');
    const name = `fn_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const database = fromPostgres(withDatabase(url, name), 5);
    return {
      ...database,
      close: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const client = await PGlite.create({ loadDataDir: pgliteTemplate(), extensions: PGLITE_EXTENSIONS });
  return fromPglite(client);
}

let template: { file: string; blob: Blob } | undefined;
/**
 * The run's migrated PGlite template (global-setup.ts), read once per process: a worker runs its files one
 * after another in one process (decision 033), and a Blob cannot be changed by the database that loads it.
 */
export function pgliteTemplate(): Blob {
  const file = process.env.TEST_PGLITE_TEMPLATE;
  if (!file) throw new Error('TEST_PGLITE_TEMPLATE missing: run tests through vitest (global setup)');
  if (template?.file !== file) template = { file, blob: new Blob([fs.readFileSync(file)]) };
  return template.blob;
}

/** A fresh database for the tests of a file (or describe block), closed after them (useShared). */
export function useTestDatabase(): Database {
  return useShared(createTestDatabase, (database) => database.close());
}

/**
 * A new, empty PostgreSQL database on the test server (no tables: the target of a restore), and how to drop it.
 * Its name starts with fn_test_, so the run's teardown drops it too if a test does not.
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const name = `fn_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh, migrated database kept as the server keeps it: on PGlite in `dataDir/pglite`, a folder of files (from
 * the run's template); on PostgreSQL as createTestDatabase makes it. For what reads the data folder (backups).
 */
export async function createTestDatabaseIn(dataDir: string): Promise<Database> {
  if (process.env.DATABASE_URL) return createTestDatabase();
  return fromPglite(await openPgliteTemplateIn(dataDir));
}

/** The run's migrated PGlite template, copied into `dataDir/pglite` as the server keeps its database, and opened. */
export function openPgliteTemplateIn(dataDir: string): Promise<PGlite> {
  return PGlite.create(pgliteDir(dataDir), { loadDataDir: pgliteTemplate(), extensions: PGLITE_EXTENSIONS });
}
