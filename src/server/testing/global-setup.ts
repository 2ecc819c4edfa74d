import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, fromPostgres, migrateDatabase, PGLITE_EXTENSIONS } from '../db/client';

// Migrates one database once per test run; every test file then gets its own copy:
// - PGlite: the migrated data directory is dumped to a tarball that each file loads (well under a second);
// - PostgreSQL (DATABASE_URL set): a template database that each file copies with CREATE DATABASE … TEMPLATE.
export default async function setup() {
  // A test that gives the AWS SDK no credentials must fail at once, not ask the EC2 metadata address
  // (a network outside this machine) for the machine's role.
  process.env.AWS_EC2_METADATA_DISABLED = 'true';
  const url = process.env.DATABASE_URL;
  if (url) {
    const templateName = `fn_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const templateUrl = withDatabase(url, templateName);
    const database = fromPostgres(templateUrl, 1);
    await migrateDatabase(database);
    await database.close();
    process.env.TEST_PG_TEMPLATE = templateName;
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query<{ datname: string }>(
        `select datname from pg_database where datname like 'fn_test_%' or datname = $1`,
        [templateName],
      );
      for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`);
      await c.end();
    };
  }
  // WAL in segments of 1 MB, not 16: the template (and so every file's copy, and every backup a test makes of
  // one) carried a 16 MB segment, mostly empty, that each file unpacked into memory (decision 033). The
  // checkpoint lets the copies start without replaying the migrations' WAL.
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, initDbStartParams: ['--wal-segsize=1'] });
  const database = fromPglite(client);
  await migrateDatabase(database);
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `fn-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.TEST_PGLITE_TEMPLATE = file;
  return () => fs.rmSync(file, { force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
