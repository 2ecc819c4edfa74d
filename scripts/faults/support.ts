// What the fault drills share (issue 15): the short or full form, what a drill says it did and found, its
// checks (a failed one makes the drill exit non-zero), real server processes on a throw-away PostgreSQL or
// an embedded database, a real SMTP server in this process that can go down and come back on its port,
// members signed up as people do (the link mailed to them), and waits shown with a progress bar.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../src/server/mail/test-support';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process';
import { freePort } from '../../src/server/testing/free-port';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../postgres';
import { progress } from '../progress';

export { progress };

const args = process.argv.slice(2);

/** `--short`: the form CI runs (seconds, not minutes); the full form has the issue's figures. */
export const isShort = args.includes('--short');

/** `--name value`, or the fallback. */
export function textOption(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}

// ---- What a drill says ----------------------------------------------------------------------------------

export const say = (line = '') => process.stdout.write(`${line}\n`);
export const did = (line: string) => say(`  · ${line}`);
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The drill's checks: each printed as it is made; `finish` prints the tally and sets the exit code. */
export class Checks {
  private failed: string[] = [];
  private passed = 0;
  constructor(private readonly drill: string) {}

  check(label: string, ok: boolean, detail?: string): boolean {
    say(`  ${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? ` (${detail})` : ''}`);
    if (ok) this.passed++;
    else this.failed.push(label);
    return ok;
  }

  finish(figures: Array<[string, string | number]>) {
    say(`\n  Figures of the ${this.drill} drill:`);
    for (const [name, value] of figures) say(`    ${name.padEnd(46)} ${typeof value === 'number' ? value.toLocaleString('en-US') : value}`);
    say(
      `\n  ${this.drill}: ${this.passed} checks passed, ${this.failed.length} failed${this.failed.length ? `: ${this.failed.join('; ')}` : ''}`,
    );
    if (this.failed.length) process.exitCode = 1;
  }
}

/** Runs a drill's main; an error ends it with its message and a non-zero exit. */
export function runDrill(name: string, main: () => Promise<void>) {
  const started = Date.now();
  say(`\n== Fault drill: ${name}${isShort ? ' (short form)' : ''} ==`);
  void main()
    .then(() => say(`  (${seconds(Date.now() - started)} in all)`))
    .catch((err) => {
      process.stderr.write(`\n  The drill could not finish: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    })
    .finally(async () => {
      for (const undo of cleanups.splice(0).reverse())
        await Promise.resolve()
          .then(undo)
          .catch(() => undefined);
    })
    .then(() => process.exit(process.exitCode ?? 0));
}

const cleanups: Array<() => unknown> = [];
/** Something to undo when the drill ends, whatever happened (last registered, first undone). */
export function atEnd(undo: () => unknown) {
  cleanups.push(undo);
}

/** A scratch folder removed at the end. */
export function scratch(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fn-fault-${name}-`));
  atEnd(() => {
    // Kept when the drill failed: the servers' logs are in it.
    if (process.exitCode) say(`  The servers' logs are kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/**
 * What a drill on PostgreSQL starts with: its checks, a scratch folder, a real SMTP server catching the mail,
 * and a durable throw-away PostgreSQL, stopped at the end.
 */
export async function startPostgresDrill(
  checksName: string,
  scratchName: string,
): Promise<{ checks: Checks; root: string; mail: MailCatcher; pg: ThrowawayPostgres }> {
  const checks = new Checks(checksName);
  const root = scratch(scratchName);
  const mail = await startMailCatcher();
  const pg = await startThrowawayPostgres({ durable: true });
  atEnd(() => pg.stop());
  return { checks, root, mail, pg };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until `done()` answers true or `timeoutMs` passes, drawing `count()` of `total` (or the seconds waited)
 * as a progress bar; answers whether it came true.
 */
export async function waitUntil(
  label: string,
  done: () => boolean | Promise<boolean>,
  { timeoutMs, count, total }: { timeoutMs: number; count?: () => number; total?: number },
): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    const ok = await done();
    const waited = Math.round((Date.now() - started) / 1000);
    if (count && total !== undefined) progress(label, ok ? total : count(), total, started);
    else progress(`${label} (seconds)`, ok ? Math.round(timeoutMs / 1000) : waited, Math.round(timeoutMs / 1000), started);
    if (ok) return true;
    if (Date.now() - started > timeoutMs) {
      if (process.stdout.isTTY) say();
      return false;
    }
    await sleep(100);
  }
}

/** Shows a bar for a fixed wait (an outage being held). */
export async function hold(label: string, ms: number, during?: () => void) {
  const started = Date.now();
  while (Date.now() - started < ms) {
    progress(`${label} (seconds)`, Math.floor((Date.now() - started) / 1000), Math.round(ms / 1000), started);
    during?.();
    await sleep(Math.min(250, ms - (Date.now() - started)));
  }
  progress(`${label} (seconds)`, Math.round(ms / 1000), Math.round(ms / 1000), started);
}

// ---- Mail ---------------------------------------------------------------------------------------------

/** The SMTP server the site sends to: it can go down and come back on the same port, keeping what it received. */
export type MailCatcher = {
  url: string;
  received: ReceivedMail[];
  isUp(): boolean;
  /** Called as each message is accepted, before the sender hears so. */
  onAccept: ((mail: ReceivedMail) => void) | undefined;
  stop(): Promise<void>;
  start(): Promise<void>;
};

export async function startMailCatcher(): Promise<MailCatcher> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  const options = { port, received, onAccept: (mail: ReceivedMail) => catcher.onAccept?.(mail) };
  let server: TestSmtpServer | undefined = await startTestSmtpServer(options);
  atEnd(() => server?.close());
  const catcher: MailCatcher = {
    url: `smtp://127.0.0.1:${port}`,
    received,
    onAccept: undefined,
    isUp: () => server !== undefined,
    async stop() {
      const s = server;
      server = undefined;
      await s?.close();
    },
    async start() {
      server ??= await startTestSmtpServer(options);
    },
  };
  return catcher;
}

/** A received message's Message-ID header. */
export function messageIdOf(mail: ReceivedMail): string {
  return /^message-id:\s*(\S+)/im.exec(mail.raw)?.[1] ?? '';
}

/** Quoted-printable undone, so a marker written in a message can be found in it. */
export function textOf(mail: ReceivedMail): string {
  let text = texts.get(mail);
  if (text === undefined) {
    text = decodeQuotedPrintable(mail.raw);
    texts.set(mail, text);
  }
  return text;
}
const texts = new WeakMap<ReceivedMail, string>();
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** How many times each Message-ID arrived, for the ones that arrived more than once. */
export function duplicates(received: ReceivedMail[]): Map<string, ReceivedMail[]> {
  const byId = new Map<string, ReceivedMail[]>();
  for (const mail of received) {
    const id = messageIdOf(mail);
    byId.set(id, [...(byId.get(id) ?? []), mail]);
  }
  return new Map([...byId].filter(([, copies]) => copies.length > 1));
}

// ---- Servers ------------------------------------------------------------------------------------------

export type DrillServer = ServerProcess & { name: string };

/**
 * The real server (the build `npm run serve` runs) in production mode, sending mail to `smtpUrl`, taking the
 * client's address from X-Forwarded-For (each drill client poses as its own visitor, as behind a proxy).
 */
export async function startDrillServer(name: string, root: string, env: Record<string, string>): Promise<DrillServer> {
  const server = await startServerProcess({
    name,
    log: path.join(root, `${name}.log`),
    timeoutMs: 120_000,
    env: {
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      STAFF_EMAIL: STAFF_EMAIL,
      MAIL_FROM: 'Foster Care Network <no-reply@drill.example.org>',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const drillServer = { ...server, name };
  atEnd(() => drillServer.stop());
  return drillServer;
}

/** One secret for every instance of a drill (sessions and the contact form's tokens cross instances). */
const SECRET = randomBytes(32).toString('hex');
export const STAFF_EMAIL = 'team@drill.example.org';

/** Ends the process at once, as a crash or the kernel's out-of-memory killer would. */
export async function killHard(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGKILL');
  await exited;
}

// ---- Requests -----------------------------------------------------------------------------------------

export type Answer = { status: number; ms: number; body: string; headers: Headers };

/** One request as a client at `ip`; a refused or dropped connection answers status 0; `timeoutMs` bounds it. */
export async function send(
  base: string,
  method: string,
  urlPath: string,
  opts: { ip: string; cookie?: string; json?: unknown; body?: BodyInit; timeoutMs?: number } = { ip: '198.51.100.1' },
): Promise<Answer> {
  const headers: Record<string, string> = { origin: base, 'x-forwarded-for': opts.ip };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  try {
    const res = await fetch(`${base}${urlPath}`, {
      method,
      headers,
      body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    const body = await res.text();
    return { status: res.status, ms: performance.now() - started, body, headers: res.headers };
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    return { status: timedOut ? -1 : 0, ms: performance.now() - started, body: (err as Error).message, headers: new Headers() };
  }
}

export const cookieOf = (res: { headers: Headers }) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

export type Member = { email: string; ip: string; cookie: string; id: string; password: string };

let memberCount = 0;
/** A client address of its own for each drill client (rate limits count per client). */
export function nextIp(): string {
  memberCount++;
  return `198.18.${Math.floor(memberCount / 250) % 250}.${(memberCount % 250) + 1}`;
}

/**
 * Signs a member up as a person does: the form, the link of the mail that arrives at `mail`, then a saved
 * profile (needed to post). `via` are the instances to use in turn for the three steps.
 */
export async function signUpMember(via: string[], mail: MailCatcher, label: string): Promise<Member> {
  const ip = nextIp();
  const email = `${label}.${randomUUID().slice(0, 8)}@drill.example.org`;
  const password = 'drill password 1';
  const at = (i: number) => via[i % via.length]!;
  const signUp = await send(at(0), 'POST', '/api/auth/sign-up/email', { ip, json: { email, password, name: '' } });
  if (signUp.status !== 200) throw new Error(`sign-up of ${email}: ${signUp.status} ${signUp.body}`);
  // A sign-up gives no session (decision 029): the member signs in with the password, as a person does.
  const signIn = await send(at(0), 'POST', '/api/auth/sign-in/email', { ip, json: { email, password } });
  if (signIn.status !== 200) throw new Error(`sign-in of ${email}: ${signIn.status} ${signIn.body}`);
  const cookie = cookieOf(signIn);
  let token: string | undefined;
  const deadline = Date.now() + 20_000;
  while (!token && Date.now() < deadline) {
    const letter = mail.received.find((m) => m.to.includes(email) && /verify-email\?token=/.test(textOf(m)));
    token = letter ? /verify-email\?token=([A-Za-z0-9_-]+)/.exec(textOf(letter))?.[1] : undefined;
    if (!token) await sleep(20);
  }
  if (!token) throw new Error(`no confirmation link reached ${email} within 20 s`);
  const confirmed = await send(at(1), 'POST', '/api/account/verify-email', { ip, cookie, json: { token } });
  if (confirmed.status !== 200) throw new Error(`confirming ${email}: ${confirmed.status} ${confirmed.body}`);
  const profile = { firstName: 'Drill', lastName: label, phone: '4175550100', state: 'MO', city: 'Springfield', agAffiliated: 'Yes' };
  const saved = await send(at(2), 'PUT', '/api/profile', { ip, cookie, json: profile });
  if (saved.status !== 200) throw new Error(`profile of ${email}: ${saved.status} ${saved.body}`);
  const me = await send(at(0), 'GET', '/api/me', { ip, cookie });
  const id = (JSON.parse(me.body) as { user: { id: string } }).user.id;
  return { email, ip, cookie, id, password };
}

/** Signs up `count` members with a progress bar. */
export async function signUpMembers(via: string[], mail: MailCatcher, label: string, count: number): Promise<Member[]> {
  const started = Date.now();
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    members.push(await signUpMember(via, mail, `${label}${i}`));
    progress('members signing up', i + 1, count, started);
  }
  return members;
}

/** A visitor's contact message, as the page sends it: 'I am indeed human' first, then the message. */
export async function sendContactMessage(base: string, ip: string, message: string, timeoutMs?: number): Promise<Answer> {
  const human = await send(base, 'POST', '/api/contact/human', { ip, json: {}, timeoutMs });
  if (human.status !== 200) return human;
  const { token } = JSON.parse(human.body) as { token: string };
  return send(base, 'POST', '/api/contact', {
    ip,
    timeoutMs,
    json: { email: `visitor.${randomUUID().slice(0, 8)}@drill.example.org`, message, humanToken: token },
  });
}

/** An open event stream (GET /api/live), collecting its events. */
export type LiveStream = { events: Array<{ event: string; data: string; at: number }>; isOpen(): boolean; close(): void };

export function openLiveStream(base: string, topics: string): LiveStream {
  const events: LiveStream['events'] = [];
  const controller = new AbortController();
  let open = true;
  void (async () => {
    try {
      const res = await fetch(`${base}/api/live?topics=${encodeURIComponent(topics)}`, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? '';
          if (event) events.push({ event, data, at: Date.now() });
        }
      }
    } catch {
      // closed by us, or the connection dropped
    } finally {
      open = false;
    }
  })();
  return {
    events,
    isOpen: () => open,
    close: () => controller.abort(),
  };
}

// ---- Databases ------------------------------------------------------------------------------------------

/** Mail items by delivery state, read from the database itself (PostgreSQL while the servers run). */
export async function outboxStates(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ state: string; n: string }>('select state, count(*) as n from mail group by state');
    return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  } finally {
    await client.end();
  }
}

/** The same from an embedded database, once no server holds it. */
export async function embeddedOutboxStates(dataDir: string): Promise<Record<string, number>> {
  const database = await openDatabase({ dataDir });
  try {
    const { rows } = await database.db.execute<{ state: string; n: string }>(sql`select state, count(*) as n from mail group by state`);
    return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  } finally {
    await database.close();
  }
}

/** Items still to be sent (or being sent): a settled outbox has none. */
export const unsettled = (states: Record<string, number>) => (states.PENDING ?? 0) + (states.RETRY ?? 0) + (states.PROCESSING ?? 0);
