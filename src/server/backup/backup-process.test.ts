import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, createTestDatabase, openPgliteTemplateIn } from '../testing/db';
import { buildPost, jpegBytes, TEST_PASSWORD, uniqueEmail } from '../testing/factories';
import { startServerProcess, type ServerProcess } from '../testing/server-process';

// The round trip with the real parts, on the run's database (PGlite, or PostgreSQL with DATABASE_URL):
// the built server runs; `npm run backup` backs it up meanwhile (on PGlite through the running server, which
// holds the database); a new member, post and photo come after; `npm run restore` brings a fresh target back;
// a server started on it shows everything as it was at the backup and nothing from after.

const onPostgres = Boolean(process.env.DATABASE_URL);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-backup-process-'));
const servers: ServerProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const cleanup of cleanups) await cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A data folder (and on PostgreSQL a database) for a server: migrated already, or empty for a restore. */
async function place(name: string, migrated: boolean): Promise<{ dataDir: string; env: NodeJS.ProcessEnv }> {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir);
  if (onPostgres) {
    const db = migrated ? await createTestDatabase() : await createEmptyPostgresDatabase();
    cleanups.push(() => ('close' in db ? db.close() : db.drop()));
    return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: db.url } };
  }
  if (migrated) {
    // The run's migrated template, so the server skips creating a database (seconds).
    await (await openPgliteTemplateIn(dataDir)).close();
  }
  return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: '' } };
}

function start(name: string, env: NodeJS.ProcessEnv) {
  const log = path.join(root, `${name}.log`);
  return startServerProcess({ name, log, env: { ...env, NODE_ENV: 'test', SEED_DEMO: 'false', SMTP_URL: '', LOG_LEVEL: 'info' } }).then(
    (s) => {
      servers.push(s);
      return s;
    },
  );
}

/**
 * The command line, as `npm run backup -- <file>` runs it. Run without blocking this process: while a blocking
 * run took longer than the server's keep-alive (5 s, on a loaded machine), the server closed the idle sockets
 * and the next request went out on one of them before this loop could see it close ("other side closed").
 */
function command(script: 'backup' | 'restore', file: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, file], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A browser-like client of a server: keeps its cookies, sends its Origin. */
function client(server: ServerProcess) {
  const jar = new Map<string, string>();
  return async (method: string, url: string, body?: unknown) => {
    const headers: Record<string, string> = { origin: server.url };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${server.url}${url}`, { method, headers, body: payload });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return res;
  };
}

/** The confirmation token mailed to `email`: the server writes its mail to DATA_DIR/mail without SMTP. */
async function mailedToken(dataDir: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const dir = path.join(dataDir, 'mail');
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.eml')) : []) {
      const parsed = await simpleParser(fs.readFileSync(path.join(dir, name)));
      const token = parsed.text?.match(/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
      if (token && JSON.stringify(parsed.to).includes(email)) return token;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No confirmation mail for ${email}`);
}

const photo = (background: string) =>
  jpegBytes({ background }).then((data) => {
    const form = new FormData();
    form.set('photo', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'me.jpg');
    return form;
  });

it('backs up a running site, and a restore into a fresh target is the site as it was at the backup', async () => {
  const source = await place('source', true);
  const site = await start('The source server', source.env);

  const kept = { email: uniqueEmail('kept'), as: client(site) };
  expect((await kept.as('POST', '/api/auth/sign-up/email', { email: kept.email, password: TEST_PASSWORD, name: '' })).status).toBe(200);
  // A sign-up gives no session (decision 029): the member signs in, then opens the link.
  expect((await kept.as('POST', '/api/auth/sign-in/email', { email: kept.email, password: TEST_PASSWORD })).status).toBe(200);
  const token = await mailedToken(source.dataDir, kept.email);
  expect((await kept.as('POST', '/api/account/verify-email', { token })).status).toBe(200);
  expect((await kept.as('PUT', '/api/profile', { firstName: 'Kept', lastName: 'Member', phone: '4175550100', state: 'MO' })).status).toBe(
    200,
  );
  const uploaded = await kept.as('POST', '/api/profile/photo', await photo('#ff0000'));
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const photoUrl = ((await uploaded.json()) as { photoUrl: string }).photoUrl;
  const photoAtBackup = Buffer.from(await (await kept.as('GET', photoUrl)).arrayBuffer());
  expect((await kept.as('POST', '/api/posts', buildPost({ title: 'Written before the backup' }))).status).toBe(201);

  const archive = path.join(root, 'backups', 'site.tar.gz');
  const backup = await command('backup', archive, source.env);
  expect(backup.stderr).toBe('');
  expect(backup.status).toBe(0);
  const sha256 = createHash('sha256').update(fs.readFileSync(archive)).digest('hex');
  expect(backup.stdout).toContain(`Backup written to ${archive}`);
  expect(backup.stdout).toContain(`SHA-256: ${sha256}`);
  // The stored files: the member's photo and the printables' thumbnails the site draws at start (decision 047).
  const stored = Number(backup.stdout.match(/1 member, 1 post, 0 responses, \d+ mail items?, (\d+) stored files?/)?.[1]);
  expect(stored).toBeGreaterThanOrEqual(1);
  expect(backup.stdout).toContain(`100%  stored files ${stored}/${stored}`);
  // On PGlite the running server copied the database: it alone holds it.
  if (!onPostgres) expect(fs.readFileSync(site.log, 'utf8')).toContain('"msg":"database copied for a backup"');

  // After the backup: a new member, a new post, a new photo.
  const later = { email: uniqueEmail('later'), as: client(site) };
  expect((await later.as('POST', '/api/auth/sign-up/email', { email: later.email, password: TEST_PASSWORD, name: '' })).status).toBe(200);
  expect((await kept.as('POST', '/api/profile/photo', await photo('#0000ff'))).status).toBe(200);
  expect((await kept.as('POST', '/api/posts', buildPost({ title: 'Written after the backup' }))).status).toBe(201);

  // Not into the running site's own data.
  const refused = await command('restore', archive, source.env);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toMatch(
    onPostgres
      ? /already has tables .*A restore goes only into an empty database/
      : /The site is running on .*A restore goes only into an empty data folder/,
  );

  const target = await place('target', false);
  const restore = await command('restore', archive, target.env);
  expect(restore.stderr).toBe('');
  expect(restore.status).toBe(0);
  expect(restore.stdout).toContain(`(SHA-256 ${sha256})`);
  expect(restore.stdout).toMatch(/Restored the backup made at .*\n {2}1 member, 1 post/);

  const restored = await start('The restored server', target.env);
  const again = client(restored);
  expect((await again('POST', '/api/auth/sign-in/email', { email: kept.email, password: TEST_PASSWORD })).status).toBe(200);
  const posts = (await (await again('GET', '/api/posts')).json()) as { posts: { title: string }[] };
  expect(posts.posts.map((p) => p.title)).toEqual(['Written before the backup']);
  const me = (await (await again('GET', '/api/me')).json()) as { user: { photoUrl: string } };
  expect(me.user.photoUrl).toBe(photoUrl);
  expect(Buffer.from(await (await again('GET', photoUrl)).arrayBuffer())).toEqual(photoAtBackup);
  expect((await client(restored)('POST', '/api/auth/sign-in/email', { email: later.email, password: TEST_PASSWORD })).status).toBe(401);

  // With no server running, the command opens the embedded database itself.
  await restored.stop();
  const offline = await command('backup', path.join(root, 'backups', 'offline.tar.gz'), target.env);
  expect(offline.stderr).toBe('');
  expect(offline.status).toBe(0);
  // The restored server drew its own thumbnails: its printables carry its own address (decision 047).
  expect(offline.stdout).toMatch(/1 member, 1 post, 0 responses, \d+ mail items?, \d+ stored files?/);
}, 120_000);
