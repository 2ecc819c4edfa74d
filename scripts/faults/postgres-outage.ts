/**
 * Fault drill (issue 15): PostgreSQL stops for 20 s (every connection cut, as in a crash) while the site is
 * under load. Meanwhile every request must answer in under 5 s, and what needs the database with 503 and
 * Retry-After (never 500); /readyz must say not ready. Once the database is back the site must recover by
 * itself: ready again, writes accepted, mail delivered, and an event stream opened before the outage must
 * carry live updates again (after telling the page to refetch what it may have missed).
 *
 *   node --import tsx scripts/faults/postgres-outage.ts [--short]
 */
import path from 'node:path';
import {
  type Answer,
  did,
  duplicates,
  hold,
  isShort,
  nextIp,
  openLiveStream,
  runDrill,
  say,
  seconds,
  send,
  sendContactMessage,
  signUpMembers,
  sleep,
  startDrillServer,
  startPostgresDrill,
  textOf,
  waitUntil,
} from './support';

const OUTAGE_MS = isShort ? 6_000 : 20_000;
const STEADY_MS = isShort ? 2_000 : 5_000;
const LOOPS = 6;
const SLOW_MS = 5_000;

type Phase = 'before' | 'outage' | 'recovering' | 'after';
type Sample = { phase: Phase; what: string; status: number; ms: number; retryAfter: boolean; at: number };

runDrill('PostgreSQL stopped under load', async () => {
  const { checks, root, mail, pg } = await startPostgresDrill('PostgreSQL outage', 'pg');
  const server = await startDrillServer('pg-outage', root, { DATABASE_URL: pg.url, DATA_DIR: path.join(root, 'data'), SMTP_URL: mail.url });
  did(`server started on PostgreSQL (${seconds(server.readyAfterMs)} to ready)`);
  const members = await signUpMembers([server.url], mail, 'outage', 3);
  const poster = members[0]!;
  const firstPost = await send(server.url, 'POST', '/api/posts', {
    ip: poster.ip,
    cookie: poster.cookie,
    json: { category: 'Fault drills', title: 'Before the outage', body: 'The first post.' },
  });
  if (firstPost.status !== 201) throw new Error(`a post before the outage: ${firstPost.status} ${firstPost.body}`);
  const postId = (JSON.parse(firstPost.body) as { id: number }).id;

  const stream = openLiveStream(server.url, 'posts');
  await waitUntil('event stream opening', () => stream.events.some((e) => e.event === 'ready'), { timeoutMs: 10_000 });

  // ---- Load all along -------------------------------------------------------------------------------
  let phase: Phase = 'before';
  let running = true;
  const samples: Sample[] = [];
  const acked: string[] = [];
  let contactSeq = 0;
  const requests: Array<[string, () => Promise<Answer>]> = [
    ['public list', () => send(server.url, 'GET', '/api/posts', { ip: nextIp(), timeoutMs: 15_000 })],
    ['public post', () => send(server.url, 'GET', `/api/posts/${postId}`, { ip: nextIp(), timeoutMs: 15_000 })],
    ['member me', () => send(server.url, 'GET', '/api/me', { ip: members[1]!.ip, cookie: members[1]!.cookie, timeoutMs: 15_000 })],
    ['directory', () => send(server.url, 'GET', '/api/directory', { ip: members[2]!.ip, cookie: members[2]!.cookie, timeoutMs: 15_000 })],
    [
      'profile save',
      () =>
        send(server.url, 'PUT', '/api/profile', {
          ip: members[1]!.ip,
          cookie: members[1]!.cookie,
          json: { comments: `saved at ${Date.now()}` },
          timeoutMs: 15_000,
        }),
    ],
    [
      'contact message',
      async () => {
        const marker = `drill outage ${++contactSeq}`;
        const res = await sendContactMessage(server.url, nextIp(), `Written during the database drill: ${marker}.`, 15_000);
        if (res.status === 202) acked.push(marker);
        return res;
      },
    ],
    [
      'sign-in',
      () =>
        send(server.url, 'POST', '/api/auth/sign-in/email', {
          ip: nextIp(),
          json: { email: 'nobody@drill.example.org', password: 'wrong password 1' },
          timeoutMs: 15_000,
        }),
    ],
    ['readyz', () => send(server.url, 'GET', '/readyz', { ip: nextIp(), timeoutMs: 15_000 })],
  ];
  const loop = async (n: number) => {
    let i = n;
    while (running) {
      const [what, request] = requests[i++ % requests.length]!;
      const startedIn = phase;
      const res = await request();
      samples.push({ phase: startedIn, what, status: res.status, ms: res.ms, retryAfter: res.headers.has('retry-after'), at: Date.now() });
      await sleep(20);
    }
  };
  const loops = Promise.all(Array.from({ length: LOOPS }, (_, n) => loop(n)));
  await hold('steady load', STEADY_MS);

  // ---- The outage -----------------------------------------------------------------------------------
  phase = 'outage';
  const downAt = Date.now();
  pg.halt('immediate');
  did(`PostgreSQL stopped at once (every connection cut) under ${LOOPS} clients' load`);
  await hold('PostgreSQL down', OUTAGE_MS);
  phase = 'recovering';
  pg.resume();
  const upAt = Date.now();
  did(`PostgreSQL started again after ${seconds(upAt - downAt)}`);

  // ---- Recovery -------------------------------------------------------------------------------------
  const readyOk = await waitUntil(
    'site ready again',
    async () => (await send(server.url, 'GET', '/readyz', { ip: nextIp() })).status === 200,
    {
      timeoutMs: 30_000,
    },
  );
  const readyAfter = Date.now() - upAt;
  let writeOk = false;
  await waitUntil(
    'writes accepted again',
    async () =>
      (writeOk =
        (await send(server.url, 'PUT', '/api/profile', { ip: members[1]!.ip, cookie: members[1]!.cookie, json: { comments: 'after' } }))
          .status === 200),
    { timeoutMs: 30_000 },
  );
  const writeAfter = Date.now() - upAt;
  const eventsBefore = stream.events.length;
  const liveFrom = Date.now();
  const created = await send(server.url, 'POST', '/api/posts', {
    ip: members[2]!.ip,
    cookie: members[2]!.cookie,
    json: { category: 'Fault drills', title: 'After the outage', body: 'A post made once the database was back.' },
  });
  const liveOk = await waitUntil(
    'the post reaching the stream opened before the outage',
    () => stream.events.slice(eventsBefore).some((e) => e.event === 'change' && e.data.includes('"posts"') && e.data.includes('created')),
    { timeoutMs: 15_000 },
  );
  const liveMs = Date.now() - liveFrom;
  phase = 'after';
  await hold('load after recovery', STEADY_MS);
  running = false;
  await loops;
  stream.close();

  const mailOk = await waitUntil(
    'contact messages arriving',
    () => acked.every((m) => mail.received.some((r) => textOf(r).includes(`${m}.`))),
    {
      timeoutMs: 60_000,
      count: () => acked.filter((m) => mail.received.some((r) => textOf(r).includes(`${m}.`))).length,
      total: acked.length,
    },
  );
  const copies = duplicates(mail.received);
  await server.stop();

  // ---- What was found -------------------------------------------------------------------------------
  const during = samples.filter((s) => s.phase === 'outage');
  const count = (xs: Sample[], f: (s: Sample) => boolean) => xs.filter(f).length;
  const errors500 = samples.filter((s) => s.status >= 500 && s.status !== 503);
  const slow = samples.filter((s) => s.ms > SLOW_MS || s.status === -1);
  const without = samples.filter((s) => s.status === 503 && !s.retryAfter && s.what !== 'readyz');
  const readyDuring = during.filter((s) => s.what === 'readyz');
  const after = samples.filter((s) => s.phase === 'after');
  const byStatus = (xs: Sample[]) => {
    const m = new Map<string, number>();
    for (const s of xs) m.set(String(s.status), (m.get(String(s.status)) ?? 0) + 1);
    return [...m].map(([k, v]) => `${k}: ${v}`).join(', ');
  };
  say(`\n  During the outage, by kind of request (status: count):`);
  for (const [what] of requests) {
    const mine = during.filter((s) => s.what === what);
    say(`    ${what.padEnd(16)} ${byStatus(mine)}  (slowest ${Math.round(Math.max(0, ...mine.map((s) => s.ms)))} ms)`);
  }
  checks.check(
    'no 500 (or other 5xx but 503) at any time',
    errors500.length === 0,
    errors500
      .slice(0, 5)
      .map((s) => `${s.what} ${s.status}`)
      .join(', ') || '0',
  );
  checks.check(
    `no request took longer than ${SLOW_MS / 1000} s`,
    slow.length === 0,
    slow
      .slice(0, 5)
      .map((s) => `${s.what} ${Math.round(s.ms)} ms`)
      .join(', ') || '0',
  );
  checks.check(
    'every 503 carried Retry-After',
    without.length === 0,
    without
      .slice(0, 5)
      .map((s) => s.what)
      .join(', ') || '0',
  );
  checks.check(
    '/readyz said not ready during the outage',
    readyDuring.length > 0 && readyDuring.filter((s) => s.at - downAt > 1000).every((s) => s.status === 503),
    byStatus(readyDuring),
  );
  checks.check('the site became ready again by itself', readyOk, `${seconds(readyAfter)} after the database`);
  checks.check('writes were accepted again', writeOk && created.status === 201, `${seconds(writeAfter)} after the database`);
  checks.check(
    'the stream opened before the outage told the page to refetch, then carried a new post',
    liveOk && stream.events.some((e) => e.event === 'change' && e.data.includes('resync')),
    `${liveMs} ms from the post to its event`,
  );
  checks.check(
    'after recovery every request succeeded',
    after.every((s) => s.status > 0 && s.status < 500),
    byStatus(after),
  );
  checks.check(
    'every acknowledged contact message arrived, once',
    mailOk && copies.size === 0,
    `${acked.length} acknowledged, ${copies.size} twice`,
  );

  checks.finish([
    ['requests in all / during the outage', `${samples.length} / ${during.length}`],
    [
      'during the outage: 503 / 2xx (from memory) / other',
      `${count(during, (s) => s.status === 503)} / ${count(during, (s) => s.status >= 200 && s.status < 300)} / ${count(during, (s) => s.status !== 503 && (s.status < 200 || s.status >= 300))}`,
    ],
    ['500s', errors500.length],
    ['slowest answer during the outage', `${Math.round(Math.max(0, ...during.map((s) => s.ms)))} ms`],
    ['database back to /readyz ready', seconds(readyAfter)],
    ['database back to a write accepted', seconds(writeAfter)],
    ['post to its live event, after recovery', `${liveMs} ms`],
    ['contact messages acknowledged / delivered twice', `${acked.length} / ${copies.size}`],
  ]);
});
