/**
 * Fault drill (issue 15): three instances of the server on one PostgreSQL and one store of files, as behind
 * a load balancer. A session made on one works on the others, a photo uploaded through one is served by the
 * others, a post made through one reaches a page following another live, each mail is sent once, and the
 * rate limits count across instances.
 *
 *   node --import tsx scripts/faults/three-instances.ts [--short]
 *
 * Files: one S3 bucket, on a local S3 server the drill starts (s3rver, as the tests do), or the bucket that
 * STORAGE_URL names when it is set in the environment (with the AWS_* credentials beside it). Each instance
 * has a data folder of its own, so nothing is shared on disk.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { startS3Server, S3RVER_ENV } from '../../src/server/testing/s3-server';
import {
  atEnd,
  did,
  duplicates,
  isShort,
  nextIp,
  openLiveStream,
  outboxStates,
  runDrill,
  seconds,
  send,
  sendContactMessage,
  signUpMember,
  startDrillServer,
  startPostgresDrill,
  textOf,
  unsettled,
  waitUntil,
} from './support';

const MESSAGES = isShort ? 30 : 150;

runDrill('three instances on one database', async () => {
  const { checks, root, mail, pg } = await startPostgresDrill('three instances', 'three');
  let storage: Record<string, string>;
  let bucketNote: string;
  if (process.env.STORAGE_URL) {
    storage = { STORAGE_URL: process.env.STORAGE_URL };
    bucketNote = 'the bucket STORAGE_URL names';
  } else {
    const s3 = await startS3Server();
    atEnd(() => s3.stop());
    storage = { STORAGE_URL: s3.storageUrl(await s3.createBucket('drill')), ...S3RVER_ENV };
    bucketNote = 'a bucket on a local S3 server';
  }
  const env = { DATABASE_URL: pg.url, SMTP_URL: mail.url, ...storage };
  const servers = [];
  for (const name of ['instance-a', 'instance-b', 'instance-c']) {
    servers.push(await startDrillServer(name, root, { ...env, DATA_DIR: path.join(root, `${name}-data`) }));
  }
  const [a, b, c] = servers.map((s) => s.url) as [string, string, string];
  did(
    `three instances on one PostgreSQL, files in ${bucketNote}, a data folder each ` +
      `(ready after ${servers.map((s) => seconds(s.readyAfterMs)).join(', ')})`,
  );

  // ---- Sessions -------------------------------------------------------------------------------------
  // Signed up on A, confirmed on B, profile saved on C.
  const member = await signUpMember([a, b, c], mail, 'three');
  const whoOn = async (base: string) => {
    const res = await send(base, 'GET', '/api/me', { ip: member.ip, cookie: member.cookie });
    return (JSON.parse(res.body) as { user: { email: string } | null }).user?.email;
  };
  const seenBy = [await whoOn(a), await whoOn(b), await whoOn(c)];
  checks.check(
    'a session made on one instance works on the others',
    seenBy.every((e) => e === member.email),
    seenBy.join(', '),
  );

  // ---- Photos ---------------------------------------------------------------------------------------
  const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  for (const [k, v] of Object.entries({ x: 0, y: 0, width: 400, height: 400 })) form.set(k, String(v));
  const uploaded = await send(a, 'POST', '/api/profile/photo', { ip: member.ip, cookie: member.cookie, body: form });
  const photoUrl = uploaded.status === 200 ? (JSON.parse(uploaded.body) as { photoUrl: string }).photoUrl : '';
  const photos = await Promise.all(
    [a, b, c].map(async (base) => {
      const res = await fetch(`${base}${photoUrl}`, { headers: { cookie: member.cookie, 'x-forwarded-for': member.ip } });
      return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
    }),
  );
  checks.check(
    'a photo uploaded through one instance is served by the others, the same',
    uploaded.status === 200 && photos.every((p) => p.status === 200 && p.type === 'image/jpeg' && p.bytes.equals(photos[0]!.bytes)),
    `upload ${uploaded.status}; ${photos.map((p) => `${p.status} ${p.bytes.length} B`).join(', ')}`,
  );

  // ---- Live -----------------------------------------------------------------------------------------
  const stream = openLiveStream(b, 'posts');
  await waitUntil('event stream opening on instance B', () => stream.events.some((e) => e.event === 'ready'), { timeoutMs: 10_000 });
  const postedAt = Date.now();
  const posted = await send(a, 'POST', '/api/posts', {
    ip: member.ip,
    cookie: member.cookie,
    json: { category: 'Fault drills', title: 'Made on instance A', body: 'Seen live on instance B?' },
  });
  const isLive = await waitUntil(
    'the post reaching B',
    () => stream.events.some((e) => e.event === 'change' && e.data.includes('created')),
    {
      timeoutMs: 10_000,
    },
  );
  const liveMs = (stream.events.find((e) => e.event === 'change')?.at ?? Date.now()) - postedAt;
  stream.close();
  const listOnC = await send(c, 'GET', '/api/posts', { ip: nextIp() });
  checks.check(
    'a post made through A reaches a page following B live, and C lists it',
    posted.status === 201 && isLive && listOnC.body.includes('Made on instance A'),
    `${liveMs} ms from the post to the event on B`,
  );

  // ---- Mail -----------------------------------------------------------------------------------------
  const markers: string[] = [];
  await Promise.all(
    Array.from({ length: 6 }, async (_, w) => {
      for (let i = w; i < MESSAGES; i += 6) {
        const marker = `drill three ${i}`;
        const res = await sendContactMessage([a, b, c][i % 3]!, nextIp(), `Written to three instances: ${marker}.`);
        if (res.status === 202) markers.push(marker);
      }
    }),
  );
  const arrived = () => markers.filter((m) => mail.received.some((r) => textOf(r).includes(`${m}.`))).length;
  await waitUntil('messages arriving', () => arrived() === markers.length, { timeoutMs: 60_000, count: arrived, total: markers.length });
  await waitUntil('outbox settling', async () => unsettled(await outboxStates(pg.url)) === 0, { timeoutMs: 30_000 });
  const copies = duplicates(mail.received);
  checks.check(
    'each mail was sent once, by whichever instance claimed it',
    markers.length === MESSAGES && arrived() === MESSAGES && copies.size === 0,
    `${markers.length} acknowledged through A, B and C; ${arrived()} arrived; ${copies.size} twice`,
  );

  // ---- Rate limits ----------------------------------------------------------------------------------
  // Sign-in: 10 attempts per address in 15 minutes, from any client, through any instance. An address no one
  // has signed in with yet (the member's own sign-in after the sign-up spent one try of theirs), and with no
  // account: the limit counts the address as written, whoever owns it.
  const probed = `limit.${randomUUID().slice(0, 8)}@drill.example.org`;
  const signIns: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await send([a, b, c][i % 3]!, 'POST', '/api/auth/sign-in/email', {
      ip: nextIp(),
      json: { email: probed, password: 'not the password 1' },
    });
    signIns.push(res.status);
  }
  checks.check(
    'sign-in attempts for one address are counted across instances (the 11th is refused)',
    signIns.slice(0, 10).every((s) => s === 401) && signIns.slice(10).every((s) => s === 429),
    signIns.join(' '),
  );
  // Contact form: 5 messages per client in 10 minutes.
  const ip = nextIp();
  const contacts: number[] = [];
  for (let i = 0; i < 6; i++) contacts.push((await sendContactMessage([a, b, c][i % 3]!, ip, `One client, message ${i}.`)).status);
  checks.check(
    "one client's contact messages are counted across instances (the 6th is refused)",
    contacts.slice(0, 5).every((s) => s === 202) && contacts[5] === 429,
    contacts.join(' '),
  );
  const states = await outboxStates(pg.url);
  for (const s of servers) await s.stop();

  checks.finish([
    ['instances / start-up', `3 / ${servers.map((s) => seconds(s.readyAfterMs)).join(', ')}`],
    ['files', `${bucketNote}; a data folder per instance`],
    ['post on A to its event on B', `${liveMs} ms`],
    ['mails sent through A, B, C / received / twice', `${markers.length} / ${arrived()} / ${copies.size}`],
    ['outbox at the end', JSON.stringify(states)],
    ['sign-in answers (10 allowed per address)', signIns.join(' ')],
    ['contact answers (5 allowed per client)', contacts.join(' ')],
  ]);
});
