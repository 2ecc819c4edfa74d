import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { desc, eq } from 'drizzle-orm';
import { mail, user, verification } from '../db/schema';
import { useTestApp } from '../testing/app';
import { uniqueEmail, type TestClient } from '../testing/factories';

// Issue 23, defect 2, as a state machine: an attacker signs up with the victim's address before she arrives
// and does whatever the site lets him (asks to move the account to his own address, opens every link that
// reaches his mailbox, asks to reset his own address's password, signs in), while the victim takes the
// account back as the site offers (a password reset through the mailed link), confirms her address and
// signs out everywhere, in any order. Once she has reset the password of the account holding her address,
// the attacker never holds that account again: no session on it, no sign-in to it, and its address never
// becomes his.

const t = useTestApp();

const ATTACKER_PASSWORD = 'attacker secret 1';
const VICTIM_PASSWORD = 'victim secret 22';

type Model = {
  /** The account the victim took back by a reset (null until she has). */
  victimUid: string | null;
};

type Real = {
  victim: string;
  /** The attacker's own address: his mailbox is everything he reads. */
  own: string;
  attacker: TestClient;
  /** Link tokens the attacker already opened (each works once anyway). */
  opened: Set<string>;
};

type Command = fc.AsyncCommand<Model, Real>;

// The sign-up, sign-in and password-reset requests are Better Auth's (/api/auth/…), which the typed client
// does not cover: they stay raw. The sign-ups are the model's steps, so they stay real.

const uidWithAddress = async (email: string) => (await t.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id;

/** Every link token (confirmation or reset) mailed to the address, newest first. */
async function tokensMailedTo(email: string): Promise<{ confirm: string[]; reset: string[] }> {
  const rows = await t.db.select().from(mail).where(eq(mail.to, email)).orderBy(desc(mail.date));
  const all = (re: RegExp) =>
    rows.flatMap((r) => [...r.message.text.matchAll(re)].map((m) => decodeURIComponent(m[1]!))).filter((x, i, a) => a.indexOf(x) === i);
  return { confirm: all(/\/verify-email\?token=([A-Za-z0-9_-]+)/g), reset: all(/\/reset-password\?token=([^\s"&<]+)/g) };
}

/** What must hold after every step: the account the victim took back is not the attacker's. */
async function expectVictimHolds(m: Model, r: Real) {
  if (!m.victimUid) {
    // Until she has reset it, the account under her address is one whose password he chose: never confirmed,
    // whatever she clicks (a confirmed one would count as hers everywhere, an ADMIN_EMAILS admin included).
    const [row] = await t.db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, r.victim));
    expect(row?.verified ?? false, 'the attacker-made account under her address was confirmed').toBe(false);
    return;
  }
  const [row] = await t.db.select({ email: user.email }).from(user).where(eq(user.id, m.victimUid));
  expect(row?.email, 'the address of the account the victim took back').toBe(r.victim);
  const me = await r.attacker.me();
  expect(me?.id, 'the attacker has a session on the account the victim took back').not.toBe(m.victimUid);
}

class AttackerSignsUp implements Command {
  check = () => true;
  async run(m: Model, r: Real) {
    // Any answer: the address may be taken already (then nothing is made for him).
    await r.attacker.post('/api/auth/sign-up/email', { email: r.victim, password: ATTACKER_PASSWORD, name: '' });
    await expectVictimHolds(m, r);
  }
  toString = () => 'attacker signs up with the victim’s address';
}

class AttackerSignsIn implements Command {
  constructor(readonly as: 'victim' | 'own') {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await r.attacker.signIn(this.as === 'victim' ? r.victim : r.own, ATTACKER_PASSWORD);
    if (m.victimUid && res.status === 200) expect((await r.attacker.me())?.id).not.toBe(m.victimUid);
    await expectVictimHolds(m, r);
  }
  toString = () => `attacker signs in with ${this.as === 'victim' ? 'the victim’s' : 'his own'} address`;
}

class AttackerAsksChange implements Command {
  check = () => true;
  async run(m: Model, r: Real) {
    // 401 without a session, 403 while the address is unconfirmed, 200 once it is (or for his own account).
    const res = await r.attacker.api.account.$patch({ json: { email: r.own, password: '' } });
    expect(res.status).toBeLessThan(500);
    await expectVictimHolds(m, r);
  }
  toString = () => 'attacker asks to move the account to his address';
}

class AttackerResendsLink implements Command {
  check = () => true;
  async run(m: Model, r: Real) {
    expect((await r.attacker.api.account['verification-mail'].$post()).status).toBeLessThan(500);
    await expectVictimHolds(m, r);
  }
  toString = () => 'attacker asks for the link again';
}

class AttackerOpensLinks implements Command {
  check = () => true;
  async run(m: Model, r: Real) {
    for (const token of (await tokensMailedTo(r.own)).confirm) {
      if (r.opened.has(token)) continue;
      r.opened.add(token);
      expect((await r.attacker.api.account['verify-email'].$post({ json: { token } })).status).toBeLessThan(500);
      await expectVictimHolds(m, r);
    }
  }
  toString = () => 'attacker opens every confirmation link in his mailbox';
}

class AttackerResetsOwnAddress implements Command {
  check = () => true;
  async run(m: Model, r: Real) {
    await r.attacker.post('/api/auth/request-password-reset', { email: r.own, redirectTo: '/reset-password' });
    for (const token of (await tokensMailedTo(r.own)).reset) {
      if (r.opened.has(token)) continue;
      r.opened.add(token);
      await r.attacker.post('/api/auth/reset-password', { newPassword: ATTACKER_PASSWORD, token });
    }
    await expectVictimHolds(m, r);
  }
  toString = () => 'attacker resets the password of his own address through his mailbox';
}

class VictimResets implements Command {
  check = () => true;
  async run(m: Model, r: Real) {
    const visitor = t.client();
    await visitor.post('/api/auth/request-password-reset', { email: r.victim, redirectTo: '/reset-password' });
    const [token] = (await tokensMailedTo(r.victim)).reset;
    if (token) {
      // The account the link was made for (Better Auth keeps the link by account, not by address).
      const [link] = await t.db
        .select({ uid: verification.value })
        .from(verification)
        .where(eq(verification.identifier, `reset-password:${token}`));
      const res = await visitor.post('/api/auth/reset-password', { newPassword: VICTIM_PASSWORD, token });
      // She holds the account from now on if it is the one with her address (a link made before the account
      // moved away opens nothing: then there is nothing of hers to hold).
      if (res.status === 200 && link && link.uid === (await uidWithAddress(r.victim))) m.victimUid = link.uid;
      else expect(res.status).toBe(400);
    }
    await expectVictimHolds(m, r);
  }
  toString = () => 'victim resets the password through the mailed link';
}

class VictimConfirms implements Command {
  check = () => true;
  async run(m: Model, r: Real) {
    const [token] = (await tokensMailedTo(r.victim)).confirm;
    // Signed in first once the account is hers (she knows its password then); a visitor's click before that.
    const victim = t.client();
    if (m.victimUid) expect((await victim.signIn(r.victim, VICTIM_PASSWORD)).status).toBe(200);
    if (token) expect((await victim.api.account['verify-email'].$post({ json: { token } })).status).toBeLessThan(500);
    await expectVictimHolds(m, r);
  }
  toString = () => 'victim opens the confirmation link of her address';
}

class VictimSignsOutEverywhere implements Command {
  check = (m: Readonly<Model>) => m.victimUid !== null;
  async run(m: Model, r: Real) {
    const victim = t.client();
    expect((await victim.signIn(r.victim, VICTIM_PASSWORD)).status).toBe(200);
    expect((await victim.api.account['sign-out-everywhere'].$post()).status).toBe(200);
    await expectVictimHolds(m, r);
  }
  toString = () => 'victim signs out everywhere';
}

const commands = [
  fc.constant(new AttackerSignsUp()),
  fc.constantFrom(new AttackerSignsIn('victim'), new AttackerSignsIn('own')),
  fc.constant(new AttackerAsksChange()),
  fc.constant(new AttackerResendsLink()),
  fc.constant(new AttackerOpensLinks()),
  fc.constant(new AttackerResetsOwnAddress()),
  fc.constant(new VictimResets()),
  fc.constant(new VictimConfirms()),
  fc.constant(new VictimSignsOutEverywhere()),
];

describe('an account taken over before its owner arrives (issue 23, defect 2)', () => {
  it('once the victim has reset the password, the attacker never holds the account again', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 8 }), async (steps) => {
        const real: Real = { victim: uniqueEmail('victim'), own: uniqueEmail('attacker'), attacker: t.client(), opened: new Set() };
        // Every run starts with the attacker in: what the victim does is what is tested.
        await real.attacker.signUp(real.victim, ATTACKER_PASSWORD, { confirm: false });
        const model: Model = { victimUid: null };
        await fc.asyncModelRun(() => ({ model, real }), steps);
        // At the end, with the attacker's password and every link he received, he cannot sign in to it.
        if (model.victimUid) {
          for (const email of [real.victim, real.own]) {
            const c = t.client();
            const res = await c.signIn(email, ATTACKER_PASSWORD);
            if (res.status === 200) expect((await c.me())?.id).not.toBe(model.victimUid);
          }
        }
      }),
      // A handful of short stories keeps this quick; the shrunk counterexample names the steps. The stories
      // told in the issue run first: as reported (before the rule that an unconfirmed account may not ask), and
      // with the victim's confirmation first, which lets the attacker's request through today.
      {
        numRuns: 20,
        examples: [
          [[new AttackerAsksChange(), new VictimResets(), new VictimConfirms(), new AttackerOpensLinks(), new AttackerResetsOwnAddress()]],
          [[new VictimConfirms(), new AttackerAsksChange(), new VictimResets(), new AttackerOpensLinks(), new AttackerResetsOwnAddress()]],
        ],
      },
    );
  }, 180_000);
});
