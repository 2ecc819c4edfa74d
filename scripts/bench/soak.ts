/**
 * The soak (issue 14): mixed traffic at 200 connections for 60 s against the real server on a seeded
 * database — public reads, page views, members' reads, sign-ins, posts and responses, profile saves —
 * counting every answer that is not the expected one, and sampling the server's memory each second.
 *
 *   node --import tsx scripts/bench/soak.ts [--db pglite|postgres|both] [--seconds 60] [--connections 200]
 *                                           [--members 2000] [--soakers 100]
 *
 * Goals: zero 5xx, zero errors (a refused request, a dropped connection), memory flat (the second half's
 * growth under 10% of the first half's level), and a new visitor's first answer p99 < 1 s (a new connection
 * every 100 ms throughout, timed to the answer's first byte; decision 031). Each soaking member stays within the site's rate limits
 * (sign-ins, posts, responses, page views per client), so every refusal is a fault, not a limit.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import type { Database } from '../../src/server/db/client';
import { mailDir } from '../../src/server/mail/transport';
import { CITIES, FIRST_NAMES, LAST_NAMES, seedDirectory } from './directory-seed';
import { seedForum } from './forum-seed';
import { describeFirstBytes, percentileOf, probeNewConnections } from './new-connections';
import { migrateAndSeed, onEachDatabase, option, progress, residentMb, runBench, type Server } from './support';

const SECONDS = option('seconds', 60, 3600);
const CONNECTIONS = option('connections', 200, 2000);
const MEMBERS = option('members', 2000, 1_000_000);
const SOAKERS = option('soakers', 100, 1000);
const PASSWORD = 'soak password 1';

async function seed(database: Database) {
  await migrateAndSeed(
    database,
    `${MEMBERS.toLocaleString('en-US')} members, ${(MEMBERS * 5).toLocaleString('en-US')} posts`,
    async (onProgress) => {
      await seedDirectory(database.db, { members: MEMBERS, onProgress });
      await seedForum(database.db, { posts: MEMBERS * 5, responses: MEMBERS * 20, onProgress });
    },
  );
}

const percentile = (xs: number[], p: number) =>
  Math.round([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** A soaking member: their client address, session, and what the rate limits still allow them. */
type Soaker = { email: string; ip: string; cookie: string; signIns: number; posts: number; responses: number; postIds: number[] };

function cookieOf(setCookies: string[]): string {
  return setCookies.map((c) => c.split(';')[0]).join('; ');
}

/** The confirmation link's token from the mail the server wrote for `email` (as a person opens it). */
async function confirmationToken(dataDir: string, email: string): Promise<string> {
  const dir = mailDir(dataDir);
  for (let tries = 0; tries < 200; tries++) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      // Quoted-printable, as mail is sent: soft line breaks and =XX escapes undone.
      const text = fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!text.includes(email)) continue;
      const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no confirmation mail for ${email}`);
}

/** Signs a member up as a person does: the form, the mailed link, then a saved profile. */
async function joinAsSoaker(base: string, dataDir: string, n: number): Promise<Soaker> {
  const ip = `198.19.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const email = `soak.${n}.${randomUUID().slice(0, 8)}@soak.example.org`;
  const headers = { origin: base, 'x-forwarded-for': ip, 'content-type': 'application/json' };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD, name: '' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  // A sign-up gives no session (decision 029): the member signs in with the password, as a person does.
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = cookieOf(signIn.headers.getSetCookie());
  const token = await confirmationToken(dataDir, email);
  const confirmed = await fetch(`${base}/api/account/verify-email`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ token }),
  });
  if (confirmed.status !== 200) throw new Error(`confirming: ${confirmed.status} ${await confirmed.text()}`);
  const profile = {
    firstName: pick(FIRST_NAMES),
    lastName: pick(LAST_NAMES),
    phone: '4175550100',
    state: 'MO',
    city: pick(CITIES),
    agAffiliated: 'Yes',
  };
  const saved = await fetch(`${base}/api/profile`, { method: 'PUT', headers: { ...headers, cookie }, body: JSON.stringify(profile) });
  if (saved.status !== 200) throw new Error(`profile: ${saved.status} ${await saved.text()}`);
  // Within the limits of 10 minutes to a day: sign-ins 10 an address (one spent above), posts 5, responses 20
  // (with room to spare).
  return { email, ip, cookie, signIns: 7, posts: 4, responses: 16, postIds: [] };
}

type Answer = { status: number; text: string; setCookies: string[] };

/**
 * One request over `agent`: each soaking connection has its own keep-alive socket, as a browser tab would
 * (fetch's shared pool let a stream of reads hold every socket while the writes queued in the client).
 */
function request(agent: http.Agent, url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, 'accept-encoding': 'gzip' }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        resolve({ status: res.statusCode ?? 0, text, setCookies: res.headers['set-cookie'] ?? [] });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

type Tally = { sent: number; ok: number; failed: number; serverErrors: number; failures: Map<string, number>; ms: number[] };

/** Where the server keeps its files (its mail among them): as onEachDatabase sets DATA_DIR. */
function dataDirOf(server: Server): string {
  const root = path.dirname(server.log);
  const own = path.join(root, path.basename(server.log, '.log'));
  return fs.existsSync(own) ? own : path.join(root, 'data');
}

async function soak([base]: string[], [server]: Server[]) {
  const url = base!;
  const dataDir = dataDirOf(server!);
  const started = Date.now();
  const soakers: Soaker[] = [];
  for (let n = 0; n < SOAKERS; n++) {
    soakers.push(await joinAsSoaker(url, dataDir, n));
    progress('members signing up', n + 1, SOAKERS, started);
  }
  const categories = ((await (await fetch(`${url}/api/post-categories`)).json()) as { categories: Array<{ name: string }> }).categories.map(
    (c) => c.name,
  );
  const html = (await fetch(`${url}/`)).headers.get('content-type')?.startsWith('text/html') ?? false;

  const tally: Record<string, Tally> = {};
  /** The slowest answers, to say where a long tail comes from. */
  const slowest: Array<{ ms: number; what: string }> = [];
  const count = (action: string, status: number | 'network', ms: number, body?: string) => {
    const t = (tally[action] ??= { sent: 0, ok: 0, failed: 0, serverErrors: 0, failures: new Map(), ms: [] });
    t.sent++;
    t.ms.push(ms);
    if (typeof status === 'number' && status < 400) t.ok++;
    else {
      t.failed++;
      if (status === 'network' || status >= 500) t.serverErrors++;
      const key = `${status} ${body?.slice(0, 120) ?? ''}`;
      t.failures.set(key, (t.failures.get(key) ?? 0) + 1);
    }
  };
  type Send = (
    action: string,
    method: string,
    path: string,
    opts?: { who?: Soaker; ip?: string; body?: unknown },
  ) => Promise<Answer | undefined>;
  const sendOver =
    (agent: http.Agent): Send =>
    async (action, method, path, opts = {}) => {
      const headers: Record<string, string> = { origin: url, 'x-forwarded-for': opts.who?.ip ?? opts.ip ?? '198.18.0.1' };
      if (opts.who) headers.cookie = opts.who.cookie;
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      const sentAt = performance.now();
      try {
        const res = await request(agent, `${url}${path}`, method, headers, opts.body === undefined ? undefined : JSON.stringify(opts.body));
        const text = res.text;
        const ms = performance.now() - sentAt;
        count(action, res.status, ms, res.status >= 400 ? text : undefined);
        if (slowest.length < 8 || ms > slowest.at(-1)!.ms) {
          slowest.push({ ms, what: `${method} ${path} ${res.status}` });
          slowest.sort((a, b) => b.ms - a.ms).splice(8);
        }
        return res;
      } catch (err) {
        count(action, 'network', performance.now() - sentAt, (err as Error).message);
        return undefined;
      }
    };

  const visitorIp = () => `198.20.${Math.floor(Math.random() * 200)}.${1 + Math.floor(Math.random() * 250)}`;
  const maxPostId = MEMBERS * 5;
  /** One request of the mix, by weight: mostly reads, as a site is used. */
  const actions: Array<[number, (send: Send) => Promise<unknown>]> = [
    [14, (send) => send('public read', 'GET', pick(['/api/states', '/api/posts', '/api/post-categories']))],
    [10, (send) => send('public read', 'GET', `/api/posts/${1 + Math.floor(Math.random() * maxPostId)}`)],
    [6, (send) => send('public read', 'GET', `/api/posts?category=${encodeURIComponent(pick(categories))}`)],
    [
      8,
      (send) =>
        html ? send('page view', 'GET', pick(['/', '/discuss', '/directory', '/resources'])) : send('public read', 'GET', '/api/states'),
    ],
    [6, (send) => send('page view', 'POST', '/api/page-views', { ip: visitorIp(), body: { path: pick(['/', '/discuss', '/resources']) } })],
    [10, (send) => send('member read', 'GET', pick(['/api/me', '/api/profile']), { who: pick(soakers) })],
    [8, (send) => send('member read', 'GET', `/api/directory?q=${encodeURIComponent(pick(LAST_NAMES))}`, { who: pick(soakers) })],
    [4, (send) => send('member read', 'GET', '/api/directory', { who: pick(soakers) })],
    [
      6,
      (send) => {
        const who = pick(soakers);
        return send('profile save', 'PUT', '/api/profile', { who, body: { city: pick(CITIES) } });
      },
    ],
    [
      3,
      async (send) => {
        const who = pick(soakers);
        if (who.posts <= 0) return send('public read', 'GET', '/api/posts');
        who.posts--;
        const created = await send('post', 'POST', '/api/posts', {
          who,
          body: { category: pick(categories), title: `Soak ${randomUUID().slice(0, 8)}`, body: 'A post made by the soak.' },
        });
        if (created?.status === 201) who.postIds.push((JSON.parse(created.text) as { id: number }).id);
        return created;
      },
    ],
    [
      4,
      (send) => {
        const who = pick(soakers);
        if (who.responses <= 0) return send('public read', 'GET', '/api/post-categories');
        who.responses--;
        return send('response', 'POST', `/api/posts/${1 + Math.floor(Math.random() * maxPostId)}/responses`, {
          who,
          body: { body: 'A response made by the soak.' },
        });
      },
    ],
    [
      2,
      async (send) => {
        const who = pick(soakers);
        if (who.signIns <= 0) return send('member read', 'GET', '/api/me', { who });
        who.signIns--;
        const signedIn = await send('sign-in', 'POST', '/api/auth/sign-in/email', {
          ip: who.ip,
          body: { email: who.email, password: PASSWORD },
        });
        if (signedIn?.status === 200) who.cookie = cookieOf(signedIn.setCookies);
        return signedIn;
      },
    ],
  ];
  const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);
  const nextAction = () => {
    let r = Math.random() * totalWeight;
    for (const [w, act] of actions) if ((r -= w) < 0) return act;
    return actions[0]![1];
  };

  process.stdout.write(`\n  Soaking: ${CONNECTIONS} connections, ${SECONDS} s of mixed traffic\n`);
  const memory: number[] = [residentMb(server!)];
  const loadStart = Date.now();
  const deadline = loadStart + SECONDS * 1000;
  // A new visitor every 100 ms, on a connection of their own: their first answer's wait (decision 031).
  const newVisitors = probeNewConnections(url, { path: html ? '/' : '/api/states' });
  const sampler = setInterval(() => {
    memory.push(residentMb(server!));
    progress('soaking (seconds)', Math.min(SECONDS, Math.round((Date.now() - loadStart) / 1000)), SECONDS, loadStart);
  }, 1000);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const send = sendOver(agent);
      while (Date.now() < deadline) await nextAction()(send);
      agent.destroy();
    }),
  );
  clearInterval(sampler);
  const firstAnswers = await newVisitors.stop();
  memory.push(residentMb(server!));
  const elapsed = (Date.now() - loadStart) / 1000;

  process.stdout.write(
    `\n\n  ${'action'.padEnd(14)} ${'sent'.padStart(8)} ${'req/s'.padStart(7)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'failed'.padStart(7)} ${'5xx'.padStart(5)}\n`,
  );
  let failed = 0;
  let serverErrors = 0;
  let sent = 0;
  for (const [action, t] of Object.entries(tally)) {
    failed += t.failed;
    serverErrors += t.serverErrors;
    sent += t.sent;
    process.stdout.write(
      `  ${action.padEnd(14)} ${String(t.sent).padStart(8)} ${(t.sent / elapsed).toFixed(0).padStart(7)} ${`${percentile(t.ms, 0.5)} ms`.padStart(8)} ${`${percentile(t.ms, 0.99)} ms`.padStart(8)} ${String(t.failed).padStart(7)} ${String(t.serverErrors).padStart(5)}\n`,
    );
    for (const [what, n] of t.failures) process.stdout.write(`      ${n}× ${what}\n`);
  }
  const half = Math.floor(memory.length / 2);
  const firstHalf = Math.max(...memory.slice(0, half));
  const secondHalf = Math.max(...memory.slice(half));
  const growth = (secondHalf - firstHalf) / firstHalf;
  process.stdout.write(
    `  ${'all'.padEnd(14)} ${String(sent).padStart(8)} ${(sent / elapsed).toFixed(0).padStart(7)} ${''.padStart(17)} ${String(failed).padStart(7)} ${String(serverErrors).padStart(5)}` +
      `  ${failed === 0 && serverErrors === 0 ? 'ok (zero errors, zero 5xx)' : 'MISSED (zero errors, zero 5xx)'}\n`,
  );
  process.stdout.write(
    `\n  Server memory (resident): ${memory[0]!.toFixed(0)} MB at the start, highest ${firstHalf.toFixed(0)} MB in the first half and ${secondHalf.toFixed(0)} MB in the second` +
      ` (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%), ${memory.at(-1)!.toFixed(0)} MB at the end  ${growth < 0.1 ? 'ok (flat)' : 'MISSED (flat)'}\n`,
  );
  const firstP99 = percentileOf(firstAnswers.firstByteMs, 0.99);
  process.stdout.write(
    `\n  A new connection's first answer (${html ? '/' : '/api/states'}, one every 100 ms): ${describeFirstBytes(firstAnswers)}` +
      `  ${firstP99 < 1000 && !firstAnswers.failed ? 'ok (p99 < 1 s)' : 'MISSED (p99 < 1 s)'}\n`,
  );
  process.stdout.write(`\n  Slowest: ${slowest.map((s) => `${s.what} ${Math.round(s.ms)} ms`).join('; ')}\n`);
  process.stdout.write(`  Each second: ${memory.map((m) => m.toFixed(0)).join(' ')}\n`);
}

runBench(() => onEachDatabase({ name: 'soak', seed }, soak));
