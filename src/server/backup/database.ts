import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_CONF, PGLITE_EXTENSIONS, pgliteDir } from '../db/client';
import { errorMessage } from '../logger';
import { BackupError, knownMigrations, PGLITE_PREFIX, POSTGRES_ENTRY, type DatabaseInfo, type Manifest } from './manifest';
import { findClientProgram, libpqConnection, problemLines, runClientProgram } from './pg-tools';

// The database's half of a backup. The embedded database (PGlite) is copied as its data folder, taken while
// no other query can run, so the copy is one instant of it; PostgreSQL is dumped as SQL by its own pg_dump
// from one snapshot. Decision 023 says why the two differ.

/** Rows of a query, from PGlite's or node-postgres's client alike. */
type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The tables counted into the manifest, by the manifest's names. */
const COUNTED = { members: 'user', profiles: 'profile', posts: 'post', responses: 'post_response', mailItems: 'mail' } as const;

/** Mail that has not gone out yet; a restore holds it (decision 023). */
const WAITING_MAIL = `state in ('PENDING', 'PROCESSING', 'RETRY')`;

/** What the database holds, read in the caller's snapshot (the one the dump is taken in). */
async function readDatabaseInfo(query: Query, kind: DatabaseInfo['kind']): Promise<DatabaseInfo> {
  const [version] = await query(`select current_setting('server_version') as v`);
  const serverVersion = /^\d+(\.\d+)?/.exec(String(version?.v))?.[0] ?? String(version?.v);
  const present = new Set(
    (
      await query(
        `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relname = any($1)`,
        [Object.values(COUNTED)],
      )
    ).map((r) => String(r.relname)),
  );
  const counted = Object.entries(COUNTED).filter(([, table]) => present.has(table));
  const columns = counted.map(([name, table]) => `(select count(*) from public."${table}")::int as "${name}"`);
  if (present.has('mail')) columns.push(`(select count(*) from public.mail where ${WAITING_MAIL})::int as "mailWaiting"`);
  const counts = columns.length ? ((await query(`select ${columns.join(', ')}`))[0] as DatabaseInfo['counts']) : {};

  let migration: DatabaseInfo['migration'] = { tag: null, applied: 0 };
  const [journal] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (journal?.present) {
    const [row] = await query(`select count(*)::int as applied, max(created_at)::text as newest from drizzle.__drizzle_migrations`);
    const newest = row?.newest === null || row?.newest === undefined ? undefined : Number(row.newest);
    const tag = knownMigrations().find((m) => m.when === newest)?.tag ?? (newest === undefined ? null : `unknown (${newest})`);
    migration = { tag, applied: Number(row?.applied ?? 0) };
  }
  return { kind, serverVersion, migration, counts };
}

/** One part of a database's dump: its entry's name in the archive, its size, and its bytes. */
export type DumpPart = { name: string; size: number; read(): AsyncIterable<Buffer> };

/** A database dump ready to go into an archive: what it holds, and its parts (and folders, for PGlite). */
export type DatabaseDump = { info: DatabaseInfo; parts: DumpPart[]; folders?: string[] };

/** What copyPgliteFolder copied: the database's description, and its folders and files, relative to the copy. */
export type PgliteCopy = { info: DatabaseInfo; folders: string[]; files: { path: string; size: number }[] };

/** A WAL segment's file name: timeline, log and segment, in hex. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Copies the embedded database's data folder (`folder`) into the empty folder `into`, at one instant: inside a
 * transaction no other query or transaction of the process runs (PGlite serialises them, and writes its files
 * only while one does), so the folder does not change while it is copied. A checkpoint first writes everything
 * out, so the copy opens without replaying the log and its sequences go on from where they stood (a replay
 * moves each ahead, as after a crash); of the log only the segments from that checkpoint on are copied (the
 * rest are old segments kept for reuse, up to 1 GB). The site's queries wait meanwhile: the copy is the
 * operating system's (copy_file_range, or a clone where the file system has them), about 1 s for 500 MB here.
 */
export async function copyPgliteFolder(pglite: PGlite, folder: string, into: string): Promise<PgliteCopy> {
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${folder} to back up.`);
  let copy: PgliteCopy | undefined;
  await pglite.transaction(async (tx) => {
    const info = await readDatabaseInfo(async (sql, params) => (await tx.query<Record<string, unknown>>(sql, params)).rows, 'pglite');
    await tx.exec('checkpoint');
    const [wal] = (
      await tx.query<{ first: string; last: string }>(
        `select pg_walfile_name(redo_lsn) as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last from pg_control_checkpoint()`,
      )
    ).rows;
    const folders: string[] = [];
    const files: PgliteCopy['files'] = [];
    const toCopy: string[] = [];
    for (const entry of await fs.promises.readdir(folder, { withFileTypes: true, recursive: true })) {
      const rel = path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (entry.isDirectory()) folders.push(rel);
      else if (entry.isFile()) {
        const isOldOrSpareWal =
          path.dirname(rel) === 'pg_wal' && WAL_SEGMENT.test(entry.name) && (entry.name < wal!.first || entry.name > wal!.last);
        if (!isOldOrSpareWal && rel !== 'postmaster.pid') toCopy.push(rel);
      }
    }
    folders.sort();
    for (const rel of folders) await fs.promises.mkdir(path.join(into, rel), { recursive: true });
    // Most of the files are small: a few copies at once keep the wait short.
    const queue = toCopy.sort();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let rel = queue.shift(); rel !== undefined; rel = queue.shift()) {
          await fs.promises.copyFile(path.join(folder, rel), path.join(into, rel), fs.constants.COPYFILE_FICLONE);
          files.push({ path: rel, size: (await fs.promises.stat(path.join(into, rel))).size });
        }
      }),
    );
    files.sort((a, b) => (a.path < b.path ? -1 : 1));
    copy = { info, folders, files };
  });
  return copy!;
}

/** A file's bytes: a small one at once (most of a data folder's), a large one streamed. */
async function* readFileIn(file: string, size: number): AsyncIterable<Buffer> {
  if (size <= 1024 * 1024) yield await fs.promises.readFile(file);
  else yield* fs.createReadStream(file) as AsyncIterable<Buffer>;
}

/** The dump of a PGlite copy made by copyPgliteFolder into `dir`. */
export function pgliteDump(dir: string, copy: PgliteCopy): DatabaseDump {
  return {
    info: copy.info,
    folders: copy.folders,
    parts: copy.files.map((f) => ({
      name: `${PGLITE_PREFIX}${f.path}`,
      size: f.size,
      read: () => readFileIn(path.join(dir, f.path), f.size),
    })),
  };
}

/**
 * PostgreSQL dumped by Debian's pg_dump as plain SQL into `file`, from a snapshot this function exports and
 * reads its counts in, so the manifest describes exactly what was dumped. `onProgress` counts tables.
 */
export async function dumpPostgres(url: string, file: string, onProgress?: (done: number, total: number) => void): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString: url, application_name: 'foster-network-backup' });
  await client.connect().catch((err: Error) => {
    throw new BackupError(`Could not reach the database at DATABASE_URL: ${err.message}`);
  });
  try {
    await client.query('begin isolation level repeatable read, read only');
    const [snapshot] = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows;
    const info = await readDatabaseInfo(async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows, 'postgres');
    const [tables] = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and ${USER_SCHEMA}`,
      )
    ).rows;
    const program = findClientProgram('pg_dump', Number(info.serverVersion.split('.')[0]));
    const { dbname, env } = libpqConnection(url);
    let done = 0;
    const total = tables?.n ?? 0;
    onProgress?.(0, total);
    const result = await runClientProgram(
      program,
      // Owners and grants left out: the restore makes everything belong to whoever restores it.
      [
        '--format=plain',
        '--no-owner',
        '--no-privileges',
        '--no-comments',
        `--snapshot=${snapshot!.id}`,
        '--verbose',
        `--file=${file}`,
        `--dbname=${dbname}`,
      ],
      env,
      {
        onStderrLine: (line) => {
          if (line.includes('dumping contents of table')) onProgress?.(Math.min(++done, total), total);
        },
      },
    );
    if (result.code !== 0) throw new BackupError(`pg_dump could not dump the database:\n${problemLines(result.stderr)}`);
    onProgress?.(total, total);
    await client.query('commit');
    return { info, parts: [{ name: POSTGRES_ENTRY, size: fs.statSync(file).size, read: () => fs.createReadStream(file) }] };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Schemas of the database's own objects: not PostgreSQL's catalogs. */
const USER_SCHEMA = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_(toast|temp)'`;

// ---- Restoring -----------------------------------------------------------------------------------------

/** Why the embedded database's folder cannot take a restore, or undefined when it is empty. */
export function pgliteTargetProblem(dataDir: string): string | undefined {
  const dir = pgliteDir(dataDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    return (
      `The data folder ${dataDir} already has a database (${dir}). A restore goes only into an empty data folder: ` +
      'point DATA_DIR at a new, empty folder (or move this one away) and run the restore again.'
    );
  }
  return undefined;
}

/** Why the PostgreSQL database cannot take a restore (it has tables), or undefined when it is empty. */
export async function postgresTargetProblem(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((err: Error) => {
    throw new BackupError(`Could not reach the database at DATABASE_URL: ${err.message}`);
  });
  try {
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${USER_SCHEMA}
         and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
       order by c.relkind <> 'r', n.nspname <> 'public', 1 limit 3`,
    );
    const [db] = (await client.query<{ name: string }>('select current_database() as name')).rows;
    if (!rows.length) return undefined;
    return (
      `The database ${db?.name} already has tables (${rows.map((r) => r.name).join(', ')}${rows.length === 3 ? ', …' : ''}). ` +
      'A restore goes only into an empty database: create a new one (createdb), point DATABASE_URL at it and run the restore again.'
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** Why restored mail that was waiting is not sent (the admin's mail log shows it). */
export function heldMailNote(createdAt: string) {
  return (
    `Not sent: the site was restored from a backup made at ${createdAt}, when this message was still waiting. ` +
    'It may have gone out after the backup was made; retry it from the mail log if it should still go.'
  );
}

/**
 * Run in the restore's own transaction: holds the mail that was waiting at the backup (the worker would
 * otherwise send it again, and it may have gone out already: decision 023), then checks the restored rows
 * against the manifest's counts, so a restore that does not match is undone.
 */
export function afterRestoreSql(manifest: Manifest): string {
  const counts = manifest.database.counts;
  const statements: string[] = [];
  if (counts.mailItems !== undefined) {
    const note = sqlText(heldMailNote(manifest.createdAt));
    statements.push(
      `with held as (update public.mail set state = 'ERROR', end_time = now(), locked_by = null, error = ${note} where ${WAITING_MAIL} returning id, attempts)
       insert into public.mail_event (mail_id, state, attempt, detail) select id, 'ERROR', attempts, ${note} from held;`,
    );
  }
  const checks = Object.entries(COUNTED)
    .filter(([name]) => counts[name as keyof typeof COUNTED] !== undefined)
    .map(([name, table]) => {
      const expected = counts[name as keyof typeof COUNTED]!;
      return `if (select count(*) from public."${table}") <> ${expected} then
        raise exception 'The restored database has % rows in ${table}, and the backup''s manifest says ${expected}.', (select count(*) from public."${table}");
      end if;`;
    });
  if (checks.length) statements.push(`do $check$ begin ${checks.join('\n')} end $check$;`);
  return statements.join('\n');
}

/**
 * Puts the archive's data folder together in `staging` (on DATA_DIR's file system: the checked parts are moved,
 * not copied), opens it there, holds its waiting mail and checks its counts, closes it cleanly and moves it into
 * place as DATA_DIR/pglite. A failure leaves no database behind.
 */
export async function restorePglite(
  dataDir: string,
  staging: string,
  manifest: Manifest,
  partFile: (name: string) => string,
): Promise<void> {
  const target = pgliteDir(dataDir);
  const staged = path.join(staging, 'pglite');
  fs.mkdirSync(staged);
  for (const folder of manifest.database.folders) fs.mkdirSync(path.join(staged, folder), { recursive: true });
  for (const part of manifest.database.parts) {
    const to = path.join(staged, part.name.slice(PGLITE_PREFIX.length));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.renameSync(partFile(part.name), to);
  }
  let db: PGlite;
  try {
    db = await PGlite.create(staged, { extensions: PGLITE_EXTENSIONS, postgresqlconf: PGLITE_CONF } as never);
  } catch (err) {
    throw new BackupError(
      `This version of the site could not open the archive's embedded database (made with PostgreSQL ${manifest.database.serverVersion}): ` +
        `${errorMessage(err)}. Restore it with the version of the site that made it.`,
    );
  }
  try {
    await db.exec(afterRestoreSql(manifest));
  } catch (err) {
    throw new BackupError(`The restored database did not check out, and was not kept: ${errorMessage(err)}`);
  } finally {
    await db.close();
  }
  if (fs.existsSync(target)) fs.rmdirSync(target); // empty: pgliteTargetProblem said so
  fs.renameSync(staged, target);
}

/**
 * Replays the archive's SQL into the (empty) PostgreSQL database with Debian's psql, in one transaction with
 * the held mail and the checks of afterRestoreSql: it all happens, or nothing does. `onProgress` counts bytes.
 */
export async function restorePostgres(
  url: string,
  sqlFile: string,
  manifest: Manifest,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const program = findClientProgram('psql');
  const { dbname, env } = libpqConnection(url);
  const total = fs.statSync(sqlFile).size;
  let done = 0;
  async function* input() {
    for await (const chunk of fs.createReadStream(sqlFile) as AsyncIterable<Buffer>) {
      done += chunk.length;
      onProgress?.(done, total);
      yield chunk;
    }
    yield `\n${afterRestoreSql(manifest)}\n`;
  }
  const result = await runClientProgram(
    program,
    ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', '--file=-', `--dbname=${dbname}`],
    env,
    { input: input() },
  );
  if (result.code !== 0)
    throw new BackupError(`psql could not restore the database; nothing was changed in it:\n${problemLines(result.stderr)}`);
}
