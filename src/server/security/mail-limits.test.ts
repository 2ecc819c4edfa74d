import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app';
import {
  insertCareTeam,
  insertChurch,
  insertMember,
  signedInMember,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedUpMember,
} from '../testing/factories';
import { addressesIn } from './route-suite';
import { MAIL_ROUTES } from './mail-routes';

// Issue 23, defect 3: a route that mails someone the request chooses is a way to send mail as us. Each one
// (security/mail-routes.ts lists them; the authorization matrix fails on a route that mails without being
// listed) is limited per account (per address before there is an account) and per client: fired at until it
// answers 429, once from one account through ever new clients, once from one client with ever new accounts.

const t = useTestApp();
const nextIp = addressesIn(232);

type Asker = { ip: string; jar: Map<string, string> };
/** One request, as someone from some client; each call of a fire sends one. */
type Fire = () => Response | Promise<Response>;

const send = (asker: Asker, method: string, url: string, body?: unknown) =>
  t.requestAs(asker, method, url, {
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
const visitor = (ip = nextIp()): Asker => ({ ip, jar: new Map() });
const as = (m: SignedUpMember, ip = nextIp()): Asker => ({ ip, jar: m.c.jar });

/**
 * From one client: the asker changes every `every` requests (fewer than one account's limit, so a 429 can only
 * be the client's).
 */
function fromOneClient(
  every: number,
  newAccount: () => Promise<SignedUpMember>,
  request: (asker: Asker) => Response | Promise<Response>,
): Fire {
  const ip = nextIp();
  let current: SignedUpMember | undefined;
  let n = 0;
  return async () => {
    if (n++ % every === 0) current = await newAccount();
    return request(as(current!, ip));
  };
}

const member = () => signedInMember(t, { prefix: 'mailer', profile: null });
const unconfirmed = () => signedInMember(t, { prefix: 'mailer', confirm: false, profile: null });
/** A member listed in the directory, who may write to members. */
const listed = () => signedInMember(t, { prefix: 'writer', profile: { agAffiliated: 'Yes' } });
let recipient: Promise<SignedUpMember> | undefined;
const recipientId = async () => (await (recipient ??= listed())).id;

/** An active church with a point person, to write to. */
let church: Promise<number> | undefined;
const churchId = async () => (church ??= listed().then((keeper) => insertChurch(t.db, { pointPersons: [keeper.id] })));

/** A foster family with a care team of its own (issue 27), to invite members to. */
const teamOf = new Map<Map<string, string>, number>();
async function family(): Promise<SignedUpMember> {
  const m = await signedInMember(t, { prefix: 'family', profile: { fosterParent: 'Yes' } });
  teamOf.set(m.c.jar, await insertCareTeam(t.db, m.id));
  return m;
}
let invitee: Promise<string> | undefined;
const inviteeId = async () => (invitee ??= insertMember(t.db).then((m) => m.id));
const invite = async (asker: Asker) =>
  send(asker, 'POST', `/api/care/teams/${teamOf.get(asker.jar)}/invitations`, { uid: await inviteeId(), role: 'helper' });

async function contactAsVisitor(ip: string): Promise<Response> {
  const asker = visitor(ip);
  const { token } = (await (await send(asker, 'POST', '/api/contact/human', {})).json()) as { token: string };
  return send(asker, 'POST', '/api/contact', { email: uniqueEmail('writer'), message: 'Hello', humanToken: token });
}

const DRIVERS: Record<string, { perAccount: () => Promise<Fire>; perClient: () => Promise<Fire> }> = {
  'POST /api/auth/sign-up/email': {
    // Before there is an account, its address: the same address from ever new clients.
    perAccount: async () => {
      const email = uniqueEmail('signup');
      return () => send(visitor(), 'POST', '/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: '' });
    },
    perClient: async () => {
      const ip = nextIp();
      return () =>
        send(visitor(ip), 'POST', '/api/auth/sign-up/email', { email: uniqueEmail('signup'), password: TEST_PASSWORD, name: '' });
    },
  },
  'POST /api/auth/request-password-reset': {
    perAccount: async () => {
      const { email } = await member();
      return () => send(visitor(), 'POST', '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    },
    perClient: async () => {
      const ip = nextIp();
      return () =>
        send(visitor(ip), 'POST', '/api/auth/request-password-reset', { email: uniqueEmail('reset'), redirectTo: '/reset-password' });
    },
  },
  'PATCH /api/account': {
    perAccount: async () => {
      const m = await member();
      return () => send(as(m), 'PATCH', '/api/account', { email: uniqueEmail('moved'), password: '' });
    },
    perClient: async () =>
      fromOneClient(2, member, (asker) => send(asker, 'PATCH', '/api/account', { email: uniqueEmail('moved'), password: '' })),
  },
  'POST /api/account/verification-mail': {
    perAccount: async () => {
      const m = await unconfirmed();
      return () => send(as(m), 'POST', '/api/account/verification-mail', {});
    },
    perClient: async () => fromOneClient(2, unconfirmed, (asker) => send(asker, 'POST', '/api/account/verification-mail', {})),
  },
  'POST /api/contact': {
    // A signed-in member needs no "I am indeed human": their account is what counts.
    perAccount: async () => {
      const m = await member();
      return () => send(as(m), 'POST', '/api/contact', { email: m.email, message: 'Hello' });
    },
    perClient: async () => {
      const ip = nextIp();
      return () => contactAsVisitor(ip);
    },
  },
  'POST /api/churches/:id/contact': {
    // A member counts as themselves from any client; a visitor's client counts for visitors, and members'
    // messages from one client count together.
    perAccount: async () => {
      const [m, id] = [await member(), await churchId()];
      return () => send(as(m), 'POST', `/api/churches/${id}/contact`, { email: m.email, message: 'Hello' });
    },
    perClient: async () => {
      const id = await churchId();
      return fromOneClient(4, member, (asker) =>
        send(asker, 'POST', `/api/churches/${id}/contact`, { email: 'a@example.org', message: 'Hello' }),
      );
    },
  },
  'POST /api/directory/:uid/message': {
    perAccount: async () => {
      const m = await listed();
      const to = await recipientId();
      return () => send(as(m), 'POST', `/api/directory/${to}/message`, { message: 'Hello' });
    },
    perClient: async () => {
      const to = await recipientId();
      return fromOneClient(15, listed, (asker) => send(asker, 'POST', `/api/directory/${to}/message`, { message: 'Hello' }));
    },
  },
  // Past the first, the same member is already invited (409): each try counts all the same.
  'POST /api/care/teams/:id/invitations': {
    perAccount: async () => {
      const m = await family();
      return () => invite(as(m));
    },
    perClient: async () => fromOneClient(10, family, invite),
  },
};

/** Fires until the route answers 429 (at most `max` times): how many were let through. */
async function untilRefused(fire: Fire, max = 60): Promise<number> {
  for (let i = 0; i < max; i++) {
    const res = await fire();
    expect(res.status, await res.clone().text()).toBeLessThan(500);
    if (res.status === 429) {
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(((await res.json()) as { code: string }).code).toBe('RATE_LIMITED');
      return i;
    }
  }
  throw new Error(`no 429 after ${max} requests`);
}

const chosen = Object.keys(MAIL_ROUTES).filter((route) => MAIL_ROUTES[route] === 'chosen');

it('every route that mails whom the request chooses has its limits proven here', () => {
  expect(Object.keys(DRIVERS).sort()).toEqual(chosen.sort());
});

describe.each(chosen)('%s', (route) => {
  it('is limited per account (or address): one account from ever new clients gets a 429', async () => {
    const letThrough = await untilRefused(await DRIVERS[route]!.perAccount());
    expect(letThrough).toBeGreaterThan(0);
  }, 60_000);

  it('is limited per client: one client with ever new accounts gets a 429', async () => {
    const letThrough = await untilRefused(await DRIVERS[route]!.perClient());
    expect(letThrough).toBeGreaterThan(0);
  }, 60_000);
});
