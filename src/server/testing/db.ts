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
  return fromPglite(await lendPglite());
}

/**
 * PGlite databases a file gave back, kept by this worker (at most SPARE_LIMIT) to be reset for the next file. A copy
 * of the template costs about a second of CPU (PostgreSQL starting in WebAssembly on a 31 MB image); emptying a
 * database that was used costs about a tenth of that (decision 033).
 */
const spare: PGlite[] = [];
const SPARE_LIMIT = 2;
/** This worker's PGlite databases so far: new copies of the template, spare ones reset, and spare ones closed unused. */
export const pgliteLoans = { copies: 0, resets: 0, discarded: 0 };

/** What a fresh copy of the template holds besides its tables' shapes: read from the first copy, before any test. */
type Pristine = {
  template: string;
  /** Every table of `public`, for TRUNCATE. */
  tables: string;
  /** The rows the migrations wrote (post categories, clearance requirements), as JSON, by table. */
  rows: { table: string; json: string }[];
  /** Every sequence, where a fresh copy has it. */
  sequences: { name: string; value: string; called: boolean }[];
  /** Tables, indexes, columns, constraints, triggers and functions: what a reset cannot undo. */
  shape: string;
};
let pristine: Pristine | undefined;

/** The database's shape: a test that renamed a table or made a function and left it so makes its database unusable. */
const SHAPE_QUERY = `
  select md5(coalesce((select string_agg(c.relname || ':' || c.relkind::text || ':' || c.relnatts, ',' order by c.relname, c.relkind)
                         from pg_class c where c.relnamespace in ('public'::regnamespace, 'drizzle'::regnamespace)), '')
          || coalesce((select string_agg(conname, ',' order by conname) from pg_constraint
                         where connamespace = 'public'::regnamespace), '')
          || coalesce((select string_agg(tgname, ',' order by tgname) from pg_trigger where not tgisinternal), '')
          || coalesce((select string_agg(proname, ',' order by proname) from pg_proc
                         where pronamespace = 'public'::regnamespace), '')) as shape`;

async function readPristine(client: PGlite, template: string): Promise<Pristine> {
  const tables = (
    await client.query<{ name: string }>(`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`)
  ).rows.map((r) => r.name);
  const rows: Pristine['rows'] = [];
  for (const table of tables) {
    const { json } = (await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`)).rows[0]!;
    if (json) rows.push({ table, json });
  }
  const sequences = (
    await client.query<{ name: string; value: string; called: boolean }>(
      `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value,
              last_value is not null as called
         from pg_sequences where schemaname = 'public'`,
    )
  ).rows;
  const { shape } = (await client.query<{ shape: string }>(SHAPE_QUERY)).rows[0]!;
  return { template, tables: tables.join(', '), rows, sequences, shape };
}

/**
 * Empties a database a file gave back into what a fresh copy of the template holds: every table truncated, the
 * migrations' rows written again, every sequence where it starts, and the session as new (no LISTEN, no setting,
 * no prepared statement). Answers false, leaving the database to be closed, if the file changed its shape.
 */
async function resetToPristine(client: PGlite, p: Pristine): Promise<boolean> {
  // No transaction can be open here: PGlite's transaction() holds the database until its callback ends.
  if ((await client.query<{ shape: string }>(SHAPE_QUERY)).rows[0]!.shape !== p.shape) return false;
  await client.transaction(async (tx) => {
    await tx.exec(`truncate ${p.tables} restart identity cascade`);
    for (const { table, json } of p.rows) {
      await tx.query(`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1)`, [json]);
    }
    for (const { name, value, called } of p.sequences) await tx.query(`select setval($1, $2, $3)`, [name, value, called]);
  });
  await client.exec('discard all');
  return true;
}

/**
 * A PGlite database for one file, as a fresh copy of the run's template would be: a spare one reset, else a new
 * copy. The file holds a handle: closing it gives the database back to the worker (its LISTENs dropped), and from
 * then on the handle acts as a closed PGlite ("PGlite is closed"), so a timer a file left running fails as it would
 * on a closed database instead of writing into the next file's data.
 */
async function lendPglite(): Promise<PGlite> {
  const template = process.env.TEST_PGLITE_TEMPLATE ?? '';
  let client: PGlite | undefined;
  while (!client && spare.length > 0 && pristine?.template === template) {
    const candidate = spare.pop()!;
    const reset = await resetToPristine(candidate, pristine).catch(() => false);
    if (reset) {
      client = candidate;
      pgliteLoans.resets++;
    } else {
      pgliteLoans.discarded++;
      await candidate.close().catch(() => undefined);
    }
  }
  if (!client) {
    client = await PGlite.create({ loadDataDir: pgliteTemplate(), extensions: PGLITE_EXTENSIONS });
    pgliteLoans.copies++;
    if (pristine?.template !== template) pristine = await readPristine(client, template);
  }
  return lendable(client);
}

/** The handle lendPglite gives: `client` until closed, then a closed PGlite; closing gives `client` back. */
function lendable(client: PGlite): PGlite {
  let lent = true;
  const unlistens: (() => Promise<void>)[] = [];
  async function giveBack() {
    if (!lent) return;
    lent = false;
    await Promise.all(unlistens.map((unlisten) => unlisten().catch(() => undefined)));
    if (client.closed) return;
    // The last given back is lent first; beyond the limit, the oldest spare is closed.
    spare.push(client);
    while (spare.length > SPARE_LIMIT) await spare.shift()!.close();
  }
  return new Proxy(client, {
    get(target, key) {
      if (key === 'closed') return !lent || target.closed;
      if (key === 'close') return giveBack;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!lent) return Promise.reject(new Error('PGlite is closed'));
        const answer: unknown = Reflect.apply(value, target, args);
        if (key === 'listen') {
          return (answer as Promise<() => Promise<void>>).then((unlisten) => {
            unlistens.push(unlisten);
            return unlisten;
          });
        }
        return answer;
      };
    },
  });
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
