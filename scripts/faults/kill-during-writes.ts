/**
 * Fault drill (issue 15): the server is killed with SIGKILL in the middle of a burst of writes (profile saves,
 * forum posts, contact messages), then started again on the same database. Every write that was answered
 * with a 2xx must be there, and every mail those writes caused must arrive, once.
 *
 *   node --import tsx scripts/faults/kill-during-writes.ts [--short] [--db postgres|pglite|both]
 *
 * Both databases by default; the short form on PostgreSQL only, unless --db says otherwise.
 *
 * "Once", precisely: a message the SMTP server accepted in the instant before the kill, whose success the
 * server had no time to record, is sent again after the restart with the same Message-ID (the receiving
 * side can drop it). The drill counts those apart; any other second copy fails it.
 */
import path from 'node:path';
import { startThrowawayPostgres } from '../postgres';
import {
  Checks,
  atEnd,
  did,
  duplicates,
  embeddedOutboxStates,
  hold,
  isShort,
  killHard,
  outboxStates,
  runDrill,
  say,
  scratch,
  seconds,
  send,
  sendContactMessage,
  signUpMembers,
  startDrillServer,
  startMailCatcher,
  textOf,
  textOption,
  unsettled,
  nextIp,
  sleep,
  waitUntil,
  STAFF_EMAIL,
  type DrillServer,
  type Member,
} from './support';

const MEMBERS = isShort ? 4 : 12;
const CONTACT_WRITERS = isShort ? 3 : 8;
/**
 * The kill comes once this many writes were acknowledged (the burst is well under way), at the instant the
 * SMTP server accepts a message: the worst moment for mail, sent but not yet recorded as sent.
 */
const KILL_AFTER_ACKS = isShort ? 80 : 400;
const POSTS_PER_MEMBER = 4; // the forum allows 5 in 10 minutes

type Pending = { kind: 'profile' | 'post' | 'contact'; marker: string; member?: Member };

async function drill(db: 'postgres' | 'pglite') {
  say(`\n-- On ${db === 'postgres' ? 'PostgreSQL (a throw-away server)' : 'the embedded database (PGlite)'} --`);
  const checks = new Checks(`kill -9 (${db})`);
  const root = scratch(`kill-${db}`);
  const mail = await startMailCatcher();
  let env: Record<string, string>;
  let databaseUrl: string | undefined;
  if (db === 'postgres') {
    const pg = await startThrowawayPostgres({ durable: true });
    atEnd(() => pg.stop());
    databaseUrl = pg.url;
    env = { DATABASE_URL: pg.url, DATA_DIR: path.join(root, 'data'), SMTP_URL: mail.url };
  } else {
    env = { DATABASE_URL: '', DATA_DIR: path.join(root, 'data'), SMTP_URL: mail.url };
  }
  let server: DrillServer = await startDrillServer(`${db}-first`, root, env);
  did(`server started on ${db} (${seconds(server.readyAfterMs)} to ready), sending mail to a real SMTP server`);
  const members = await signUpMembers([server.url], mail, `kill${db}`, MEMBERS);
  did(`${MEMBERS} members signed up through the API, each confirming the link mailed to them`);

  // ---- The burst -------------------------------------------------------------------------------------
  const acked: Pending[] = [];
  const unknown: Pending[] = [];
  /** Per member, the sequence number of the last profile save answered 200. */
  const lastSavedSeq = new Map<string, number>();
  const postIds = new Map<string, number>();
  let serverErrors = 0;
  let killed = false;
  let killedAt = 0;
  let sequence = 0;
  const record = (p: Pending, status: number) => {
    if (status >= 200 && status < 300) acked.push(p);
    else if (status >= 500) serverErrors++;
    else if (status <= 0 && killed) unknown.push(p);
  };
  const base = () => server.url;

  const memberLoop = async (member: Member) => {
    let posts = 0;
    while (!killed) {
      const seq = ++sequence;
      if (posts < POSTS_PER_MEMBER && seq % 3 === 0) {
        posts++;
        const marker = `drill post ${seq}`;
        const res = await send(base(), 'POST', '/api/posts', {
          ip: member.ip,
          cookie: member.cookie,
          json: { category: 'Fault drills', title: marker, body: `Written during the kill drill (${seq}).` },
        });
        record({ kind: 'post', marker, member }, res.status);
        if (res.status === 201) postIds.set(marker, (JSON.parse(res.body) as { id: number }).id);
      } else {
        const marker = `drill save ${seq}`;
        const res = await send(base(), 'PUT', '/api/profile', { ip: member.ip, cookie: member.cookie, json: { comments: marker } });
        record({ kind: 'profile', marker, member }, res.status);
        if (res.status === 200) lastSavedSeq.set(member.email, seq);
      }
    }
  };
  const contactLoop = async () => {
    while (!killed) {
      const marker = `drill contact ${++sequence}`;
      const res = await sendContactMessage(base(), nextIp(), `Written during the kill drill: ${marker}.`);
      record({ kind: 'contact', marker }, res.status);
    }
  };

  const burstStarted = Date.now();
  const loops = [...members.map(memberLoop), ...Array.from({ length: CONTACT_WRITERS }, contactLoop)];
  await waitUntil('writes acknowledged before the kill', () => acked.length >= KILL_AFTER_ACKS, {
    timeoutMs: 60_000,
    count: () => acked.length,
    total: KILL_AFTER_ACKS,
  });
  const atAccept = await new Promise<boolean>((resolve) => {
    const fallback = setTimeout(() => resolve(false), 5000);
    mail.onAccept = () => {
      mail.onAccept = undefined;
      clearTimeout(fallback);
      server.child.kill('SIGKILL');
      resolve(true);
    };
  });
  killed = true;
  killedAt = Date.now();
  await killHard(server);
  await Promise.all(loops);
  const mailBeforeKill = mail.received.length;
  did(
    `burst of ${MEMBERS} members and ${CONTACT_WRITERS} visitors writing at once; SIGKILL after ${seconds(killedAt - burstStarted)}` +
      `${atAccept ? ', at the instant the SMTP server accepted a message' : ''}, ` +
      `${acked.length} writes acknowledged, ${unknown.length} in flight at the kill (no answer)`,
  );

  const restartBegan = Date.now();
  server = await startDrillServer(`${db}-after-kill`, root, env);
  did(`server started again on the same database (${seconds(server.readyAfterMs)} to ready)`);

  // ---- Every acknowledged write is there ------------------------------------------------------------
  let profilesFound = 0;
  let profilesChecked = 0;
  for (const member of members) {
    const last = lastSavedSeq.get(member.email);
    if (last === undefined) continue;
    profilesChecked++;
    const res = await send(server.url, 'GET', '/api/profile', { ip: member.ip, cookie: member.cookie });
    const comments = (JSON.parse(res.body) as { profile?: { comments?: string } }).profile?.comments ?? '';
    const seq = Number(/drill save (\d+)/.exec(comments)?.[1] ?? -1);
    // Its last acknowledged save, or a later one that was in flight at the kill (committed, unanswered).
    if (res.status === 200 && seq >= last) profilesFound++;
  }
  const ackedPosts = acked.filter((p) => p.kind === 'post');
  let postsFound = 0;
  for (const p of ackedPosts) {
    const res = await send(server.url, 'GET', `/api/posts/${postIds.get(p.marker)}`, { ip: nextIp() });
    if (res.status === 200 && res.body.includes(p.marker)) postsFound++;
  }
  const allPosts = await listPostTitles(server.url);
  checks.check(
    'every acknowledged profile save is there',
    profilesFound === profilesChecked,
    `${profilesFound} of ${profilesChecked} members`,
  );
  checks.check('every acknowledged post is there', postsFound === ackedPosts.length, `${postsFound} of ${ackedPosts.length}`);
  checks.check('no answer was a 5xx', serverErrors === 0, `${serverErrors}`);

  // ---- Every mail arrives, once ---------------------------------------------------------------------
  const ackedContacts = acked.filter((p) => p.kind === 'contact');
  const arrived = (marker: string) => mail.received.some((m) => textOf(m).includes(`${marker}.`));
  const alertFor = (title: string) =>
    mail.received.filter((m) => m.to.includes(STAFF_EMAIL) && textOf(m).includes(`Subject: New forum post: ${title}\r\n`));
  const expected = ackedContacts.length + allPosts.length;
  const countArrived = () => ackedContacts.filter((p) => arrived(p.marker)).length + allPosts.filter((t) => alertFor(t).length > 0).length;
  const restartedAt = Date.now();
  const allArrived = await waitUntil('acknowledged mails arriving', () => countArrived() >= expected, {
    timeoutMs: isShort ? 60_000 : 240_000,
    count: countArrived,
    total: expected,
  });
  const deliveredAfter = Date.now() - restartedAt;
  // Then the outbox must settle: nothing left that could still be sent (a second time).
  let states: Record<string, number>;
  if (databaseUrl) {
    const url = databaseUrl;
    await waitUntil('outbox settling', async () => unsettled(await outboxStates(url)) === 0, { timeoutMs: 60_000 });
    states = await outboxStates(url);
  } else {
    await hold('waiting for late second copies', 20_000);
    await server.stop();
    states = await embeddedOutboxStates(env.DATA_DIR!);
  }
  await sleep(200);
  const copies = duplicates(mail.received);
  // A second copy is the kill's when the first came from the killed process (accepted before the new one
  // started: some arrive a moment after kill() returns, already on their way) and so could not be recorded.
  const explained = [...copies.values()].filter((c) => c.length === 2 && c[0]!.at < restartBegan && c[1]!.at >= restartBegan).length;
  const contactsArrived = ackedContacts.filter((p) => arrived(p.marker)).length;
  const alertsArrived = allPosts.filter((t) => alertFor(t).length > 0).length;
  checks.check(
    'every acknowledged contact message reached the team',
    contactsArrived === ackedContacts.length,
    `${contactsArrived} of ${ackedContacts.length}`,
  );
  checks.check(
    'every post in the forum (acknowledged or not) had its alert mailed to the team',
    alertsArrived === allPosts.length,
    `${alertsArrived} of ${allPosts.length}`,
  );
  checks.check(
    'the outbox settled: nothing left waiting or half-sent',
    unsettled(states) === 0 && (states.ERROR ?? 0) === 0,
    JSON.stringify(states),
  );
  checks.check(
    'no mail arrived twice, except those the killed process had sent but not recorded (same Message-ID)',
    copies.size === explained,
    `${copies.size} arrived twice, ${explained} of them in the kill's instant`,
  );
  if (!allArrived) say('  (not every mail arrived in time)');
  await server.stop();

  checks.finish([
    ['writes acknowledged before the kill', acked.length],
    [
      '  profile saves / posts / contact messages',
      `${acked.filter((p) => p.kind === 'profile').length} / ${ackedPosts.length} / ${ackedContacts.length}`,
    ],
    ['writes in flight at the kill (no answer)', unknown.length],
    [
      'acknowledged writes found after the restart',
      `${profilesFound + postsFound} of ${profilesChecked + ackedPosts.length} checked (profile: the last save per member)`,
    ],
    ['posts found in the forum after the restart', allPosts.length],
    ['mails delivered before the kill', mailBeforeKill],
    ['mails expected after the restart / arrived', `${expected} / ${countArrived()}`],
    ['mails arrived twice (in the kill instant)', `${copies.size} (${explained})`],
    ['restart to the last mail delivered', seconds(deliveredAfter)],
    ['server start after the kill', seconds(server.readyAfterMs)],
  ]);
}

/** Every post's title, through the public list's pages. */
async function listPostTitles(base: string): Promise<string[]> {
  const titles: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await send(base, 'GET', `/api/posts${cursor ? `?before=${encodeURIComponent(cursor)}` : ''}`, { ip: nextIp() });
    const page = JSON.parse(res.body) as { posts: Array<{ title: string }>; nextCursor: string | null };
    titles.push(...page.posts.map((p) => p.title));
    cursor = page.nextCursor;
  } while (cursor);
  return titles;
}

runDrill('kill -9 during a burst of writes', async () => {
  // The short form (CI) kills the server on PostgreSQL only; the embedded database's own start costs ~8 s more.
  const which = textOption('db', isShort ? 'postgres' : 'both');
  if (which === 'postgres' || which === 'both') await drill('postgres');
  if (which === 'pglite' || which === 'both') await drill('pglite');
});
