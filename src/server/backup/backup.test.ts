import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { fromPglite, fromPostgres, PGLITE_EXTENSIONS, pgliteDir, lockPath, type Database } from '../db/client';
import { acquireLock } from '../db/lock';
import { storageFor } from '../deps';
import type { FileStorage } from '../storage/storage';
import { photoKey } from '../storage/storage';
import { createTestApp } from '../testing/app';
import { useShared } from '../testing/shared';
import { createEmptyPostgresDatabase, createTestDatabaseIn } from '../testing/db';
import { useS3Server } from '../testing/s3-server';
import { buildPost, fileBlob, insertMail, jpegBytes, signedInMember, uploadPhoto } from '../testing/factories';
import {
  BackupError,
  createBackup,
  heldMailNote,
  pgliteSource,
  postgresSource,
  restoreBackup,
  type DatabaseSource,
  type Manifest,
  type RestoreTarget,
} from '.';

// Backups and restores at function level, on the database the run tests (PGlite, or PostgreSQL when
// DATABASE_URL is set): what a restore brings back, and everything it refuses. backup-process.test.ts does the
// same round trip with the real commands against a running server.

const onPostgres = Boolean(process.env.DATABASE_URL);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-backup-test-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});
// The site's data folder, with the embedded database in it as the server keeps it.
const siteDir = fs.mkdtempSync(path.join(work, 'site-'));
const t = useShared(
  async () => createTestApp({ database: await createTestDatabaseIn(siteDir), config: { dataDir: siteDir } }),
  (app) => app.close(),
);

const source = (): DatabaseSource => (onPostgres ? postgresSource(t.database.url!) : pgliteSource(t.database.pglite!, pgliteDir(siteDir)));
const sha256Of = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Every row of every table (as JSON text, sorted) and every sequence's position: a database's whole state. */
async function contents(database: Database) {
  const rows = async (query: string) => (await database.db.execute(sql.raw(query))).rows;
  const state: Record<string, string[]> = {};
  for (const { name } of await rows(
    `select schemaname || '.' || quote_ident(tablename) as name from pg_tables where schemaname in ('public', 'drizzle')`,
  )) {
    state[String(name)] = (await rows(`select to_jsonb(x)::text as row from ${String(name)} x`)).map((r) => String(r.row)).sort();
  }
  state.sequences = (
    await rows(`select schemaname || '.' || sequencename || '=' || coalesce(last_value::text, '-') as s from pg_sequences`)
  )
    .map((r) => String(r.s))
    .sort();
  return state;
}

/** Every stored file: key → SHA-256 and content type. */
async function storedFiles(storage: FileStorage) {
  const files: Record<string, string> = {};
  for await (const { key } of storage.list()) {
    const stored = (await storage.get(key))!;
    files[key] = `${createHash('sha256').update(stored.data).digest('hex')} ${stored.contentType}`;
  }
  return files;
}

/** A new, empty place to restore into: a data folder, and on PostgreSQL an empty database. */
async function freshTarget() {
  const dataDir = fs.mkdtempSync(path.join(work, 'target-'));
  const storage = storageFor(testConfig({ dataDir }));
  let target: RestoreTarget = { kind: 'pglite', dataDir };
  if (onPostgres) {
    const db = await createEmptyPostgresDatabase();
    cleanups.push(() => db.drop());
    target = { kind: 'postgres', url: db.url };
  }
  const open = async (): Promise<Database> =>
    target.kind === 'postgres'
      ? fromPostgres(target.url, 2)
      : fromPglite(await PGlite.create(pgliteDir(dataDir), { extensions: PGLITE_EXTENSIONS }));
  return {
    dataDir,
    target,
    storage,
    open,
    /** No database (no tables), no files: as a refused restore must leave it. */
    async isEmpty() {
      if (Object.keys(await storedFiles(storage)).length) return false;
      if (target.kind === 'pglite') return !fs.existsSync(pgliteDir(dataDir)) || fs.readdirSync(pgliteDir(dataDir)).length === 0;
      const database = await open();
      try {
        const { rows } = await database.db.execute(
          sql`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
        );
        return (rows[0] as { n: number }).n === 0;
      } finally {
        await database.close();
      }
    },
  };
}

let entriesOfArchive: Map<string, Buffer> | undefined;

/** The archive's entries (read once), changed by `change`, written as a new archive (gzip and tar framing intact). */
async function rebuild(to: string, change: (entries: Map<string, Buffer>) => void) {
  if (!entriesOfArchive) {
    entriesOfArchive = new Map();
    const extract = tar.extract();
    const reading = pipeline(fs.createReadStream(archive), zlib.createGunzip(), extract as unknown as NodeJS.WritableStream);
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      entriesOfArchive.set(entry.header.name, Buffer.concat(chunks));
    }
    await reading;
  }
  const entries = new Map(entriesOfArchive);
  change(entries);
  const pack = tar.pack();
  const writing = pipeline(pack as unknown as NodeJS.ReadableStream, zlib.createGzip({ level: 1 }), fs.createWriteStream(to));
  for (const [name, data] of entries) pack.entry({ name }, data);
  pack.finalize();
  await writing;
}

const manifestOf = (entries: Map<string, Buffer>) => JSON.parse(entries.get('manifest.json')!.toString()) as Manifest;
const withManifest = (entries: Map<string, Buffer>, change: (m: Manifest) => void) => {
  const manifest = manifestOf(entries);
  change(manifest);
  // Last, as the backup writes it.
  entries.delete('manifest.json');
  entries.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
};

const WAITING = new Set(['PENDING', 'PROCESSING', 'RETRY']);

let archive: string;
let atBackup: Record<string, string[]>;
let filesAtBackup: Record<string, string>;

describe('a backup restored into a fresh target', () => {
  it('brings back every row, sequence and stored file as they were at the backup, and nothing from after', async () => {
    const kept = await signedInMember(t, { prefix: 'kept' });
    expect((await uploadPhoto(t, kept.c, fileBlob(await jpegBytes({ background: '#ff0000' })))).status).toBe(200);
    expect((await kept.c.post('/api/posts', buildPost({ title: 'Written before the backup' }))).status).toBe(201);
    await insertMail(t.db, { state: 'SUCCESS' });
    atBackup = await contents(t.database);
    filesAtBackup = await storedFiles(t.deps.storage);
    const waiting = atBackup['public.mail']!.filter((r) => WAITING.has((JSON.parse(r) as { state: string }).state)).length;
    expect(waiting).toBeGreaterThan(0); // the sign-up's mail: no worker sends it in these tests

    archive = path.join(work, 'site.tar.gz');
    const progress: string[] = [];
    const result = await createBackup({
      file: archive,
      database: source(),
      storage: t.deps.storage,
      onProgress: (phase) => progress.push(phase),
    });
    expect(result.sha256).toBe(sha256Of(archive));
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600); // members' addresses and password hashes
    expect(fs.readFileSync(`${archive}.sha256`, 'utf8')).toBe(`${result.sha256}  site.tar.gz\n`);
    expect(result.manifest.database).toMatchObject({
      kind: onPostgres ? 'postgres' : 'pglite',
      migration: { tag: expect.stringMatching(/^\d{4}_/) },
    });
    expect(result.manifest.database.counts).toMatchObject({ members: 1, posts: 1, mailWaiting: waiting });
    expect(result.manifest.files.map((f) => f.key)).toEqual([photoKey(kept.id)]);
    expect(new Set(progress)).toEqual(new Set(['database', 'files']));
    expect(
      fs
        .readdirSync(work)
        .filter((name) => name.startsWith('site.'))
        .sort(),
    ).toEqual(['site.tar.gz', 'site.tar.gz.sha256']); // nothing half-written

    // After the backup: a new member, a new post, a new photo.
    const later = await signedInMember(t, { prefix: 'later' });
    expect((await uploadPhoto(t, kept.c, fileBlob(await jpegBytes({ background: '#0000ff' })))).status).toBe(200);
    expect((await later.c.post('/api/posts', buildPost({ title: 'Written after the backup' }))).status).toBe(201);
    expect(await contents(t.database)).not.toEqual(atBackup);
    expect(await storedFiles(t.deps.storage)).not.toEqual(filesAtBackup);

    const target = await freshTarget();
    const restored = await restoreBackup({ file: archive, target: target.target, storage: target.storage });
    expect(restored).toMatchObject({ sha256: result.sha256, heldMail: waiting });
    expect(await storedFiles(target.storage)).toEqual(filesAtBackup);

    const database = await target.open();
    const after = await contents(database);
    await database.close();
    // The one difference: mail that was waiting is held as not sent, with an event saying why.
    const note = heldMailNote(result.manifest.createdAt);
    const heldEvents = after['public.mail_event']!.filter((r) => (JSON.parse(r) as { detail: string }).detail === note);
    expect(heldEvents).toHaveLength(waiting);
    after['public.mail_event'] = after['public.mail_event']!.filter((r) => !heldEvents.includes(r));
    after['public.mail'] = after['public.mail']!.map((r) => {
      const row = JSON.parse(r) as Record<string, unknown>;
      if (row.state !== 'ERROR' || row.error !== note) return r;
      const before = atBackup['public.mail']!.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b.id === row.id)!;
      expect(WAITING.has(String(before.state))).toBe(true);
      expect(row.end_time).not.toBeNull();
      return JSON.stringify(before);
    });
    after['public.mail'] = after['public.mail'].map((r) => JSON.stringify(JSON.parse(r))).sort();
    const expected = { ...atBackup, 'public.mail': atBackup['public.mail']!.map((r) => JSON.stringify(JSON.parse(r))).sort() };
    expect(after).toEqual(expected);
  });
});

describe('what a restore refuses, changing nothing', () => {
  it('a data folder or database that already has a database, and storage that already has files', async () => {
    const used = await freshTarget();
    await restoreBackup({ file: archive, target: used.target, storage: used.storage });
    const again = restoreBackup({ file: archive, target: used.target, storage: used.storage });
    await expect(again).rejects.toThrow(BackupError);
    await expect(again).rejects.toThrow(onPostgres ? /already has tables \(.*public\./ : /already has a database/);

    const withFiles = await freshTarget();
    await withFiles.storage.put('photos/someone.jpg', Buffer.from('a photo'), 'image/jpeg');
    await expect(restoreBackup({ file: archive, target: withFiles.target, storage: withFiles.storage })).rejects.toThrow(
      /already holds files \(such as photos\/someone\.jpg\)/,
    );
    expect(await storedFiles(withFiles.storage)).toEqual({
      'photos/someone.jpg': `${createHash('sha256').update('a photo').digest('hex')} image/jpeg`,
    });
    await withFiles.storage.delete('photos/someone.jpg');
    expect(await withFiles.isEmpty()).toBe(true);
  });

  it.skipIf(onPostgres)('a data folder a running server holds', async () => {
    const target = await freshTarget();
    const release = acquireLock(lockPath(target.dataDir));
    try {
      await expect(restoreBackup({ file: archive, target: target.target, storage: target.storage })).rejects.toThrow(
        /The site is running on .* A restore goes only into an empty data folder/,
      );
    } finally {
      release();
    }
    expect(await target.isEmpty()).toBe(true);
  });

  it('a truncated, damaged, altered or foreign archive, with a message that says which', async () => {
    const target = await freshTarget();
    const refused = async (file: string, message: RegExp) => {
      await expect(restoreBackup({ file, target: target.target, storage: target.storage })).rejects.toThrow(message);
      expect(await target.isEmpty()).toBe(true);
    };
    const size = fs.statSync(archive).size;
    const copy = (name: string, data: Buffer) => {
      const file = path.join(work, name);
      fs.writeFileSync(file, data);
      return file;
    };

    await refused(
      copy('cut.tar.gz', fs.readFileSync(archive).subarray(0, Math.floor(size / 2))),
      /cut\.tar\.gz is incomplete: it ends before the end/,
    );
    await refused(copy('cut-end.tar.gz', fs.readFileSync(archive).subarray(0, size - 30)), /is incomplete/);
    const flipped = fs.readFileSync(archive);
    flipped[Math.floor(size / 2)]! ^= 0xff;
    await refused(copy('flipped.tar.gz', flipped), /flipped\.tar\.gz is damaged/);
    await refused(copy('not-a-backup.tar.gz', Buffer.from('just some text\n')), /could not be read as a backup|is damaged/);
    await refused(path.join(work, 'missing.tar.gz'), /There is no file .*missing\.tar\.gz/);

    // The checksum beside the archive: another archive under this one's name is caught by it.
    const renamed = copy('renamed.tar.gz', fs.readFileSync(archive));
    fs.writeFileSync(`${renamed}.sha256`, `${'0'.repeat(64)}  renamed.tar.gz\n`);
    await refused(renamed, /does not match the checksum in .*renamed\.tar\.gz\.sha256/);

    // Framing intact, contents not: each part is checked against the manifest.
    const altered = path.join(work, 'altered.tar.gz');
    await rebuild(altered, (entries) => {
      const [key] = [...entries.keys()].filter((name) => name.startsWith('files/'));
      entries.set(key!, Buffer.from('not the photo'));
    });
    await refused(altered, /altered\.tar\.gz is damaged: files\/photos\/.*\.jpg does not match its SHA-256/);

    const noManifest = path.join(work, 'no-manifest.tar.gz');
    await rebuild(noManifest, (entries) => entries.delete('manifest.json'));
    await refused(noManifest, /is incomplete: it has no manifest/);

    const extra = path.join(work, 'extra.tar.gz');
    await rebuild(extra, (entries) => {
      const manifest = entries.get('manifest.json')!;
      entries.delete('manifest.json');
      entries.set('files/photos/stowaway.jpg', Buffer.from('x'));
      entries.set('manifest.json', manifest);
    });
    await refused(extra, /holds files\/photos\/stowaway\.jpg, which its manifest does not list/);

    const otherKind = path.join(work, 'other-kind.tar.gz');
    await rebuild(otherKind, (entries) => {
      // The other kind's database: an embedded one's folder, or PostgreSQL's SQL.
      for (const name of [...entries.keys()]) if (name.startsWith('database/')) entries.delete(name);
      const [name, data] = onPostgres
        ? ['database/pglite/PG_VERSION', Buffer.from('18\n')]
        : ['database/postgres.sql', Buffer.from('select 1;\n')];
      entries.set(name, data);
      withManifest(entries, (m) => {
        m.database.kind = onPostgres ? 'pglite' : 'postgres';
        m.database.parts = [{ name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') }];
      });
    });
    await refused(
      otherKind,
      onPostgres
        ? /holds the embedded database \(PGlite\)\. It restores with DATABASE_URL unset/
        : /holds a PostgreSQL database\. Set DATABASE_URL/,
    );

    const newer = path.join(work, 'newer.tar.gz');
    await rebuild(newer, (entries) => withManifest(entries, (m) => (m.database.migration.tag = '9999_from_the_future')));
    await refused(newer, /made by a newer version of the site: its database is at migration 9999_from_the_future/);

    const newerFormat = path.join(work, 'newer-format.tar.gz');
    await rebuild(newerFormat, (entries) => withManifest(entries, (m) => (m.version = 2)));
    await refused(newerFormat, /made by a newer version of the site \(archive format 2; this version reads format 1\)/);

    // Caught only once the database is in (its rows do not match the manifest): the files go again, and the
    // database's transaction (PostgreSQL) or staging folder (PGlite) leaves nothing behind.
    const wrongCounts = path.join(work, 'wrong-counts.tar.gz');
    await rebuild(wrongCounts, (entries) => withManifest(entries, (m) => (m.database.counts.members = 1000)));
    await refused(wrongCounts, /rows in user, and the backup's manifest says 1000/);
    if (!onPostgres) expect(fs.readdirSync(target.dataDir).filter((name) => name !== 'files')).toEqual([]);

    // Still restores, after all that.
    await restoreBackup({ file: archive, target: target.target, storage: target.storage });
    expect(await storedFiles(target.storage)).toEqual(filesAtBackup);
  });
});

describe('what a backup refuses', () => {
  it('never overwrites a file, and leaves nothing behind when it fails', async () => {
    await expect(createBackup({ file: archive, database: source(), storage: t.deps.storage })).rejects.toThrow(
      /site\.tar\.gz already exists\. Choose a new name/,
    );
    const dir = fs.mkdtempSync(path.join(work, 'failing-'));
    const failing: DatabaseSource = () => Promise.reject(new BackupError('the database went away'));
    await expect(createBackup({ file: path.join(dir, 'x.tar.gz'), database: failing, storage: t.deps.storage })).rejects.toThrow(
      'the database went away',
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('with the files in a bucket (STORAGE_URL)', () => {
  const s3 = useS3Server();

  it('backs up the bucket’s files and restores them into an empty bucket, refusing one that has files', async () => {
    const site = s3.storage(await s3.createBucket('site'));
    await site.put('photos/one.jpg', await jpegBytes({ background: '#ff0000' }), 'image/jpeg');
    await site.put('resources/guide.pdf', Buffer.from('%PDF-1.7 a guide'), 'application/pdf');
    const file = path.join(work, 'bucket.tar.gz');
    const result = await createBackup({ file, database: source(), storage: site });
    expect(result.manifest.files.map((f) => f.key)).toEqual(['photos/one.jpg', 'resources/guide.pdf']);

    const target = await freshTarget();
    const used = s3.storage(await s3.createBucket('used'));
    await used.put('photos/someone.jpg', Buffer.from('x'), 'image/jpeg');
    await expect(restoreBackup({ file, target: target.target, storage: used })).rejects.toThrow(
      /The file storage \(.*\) already holds files \(such as photos\/someone\.jpg\)/,
    );
    expect(await target.isEmpty()).toBe(true);

    const empty = s3.storage(await s3.createBucket('empty'), { prefix: 'restored/' });
    await restoreBackup({ file, target: target.target, storage: empty });
    expect(await storedFiles(empty)).toEqual(await storedFiles(site));
  });
});
