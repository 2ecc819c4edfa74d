import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Frame, Response } from 'playwright-core';
import { clientAddress, openSite, type Session, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { signInAsAdmin, signUpMember, uniqueTag, type ProfileFields } from './support/members';
import { parseCsv } from '../src/server/testing/csv';
import { formatPhone } from '../src/web/admin/formats';
import { ALL_PAYLOADS, CSV_PAYLOADS, REFUSED_URLS, RUN, spread, URL_PAYLOADS, XSS_PAYLOADS, type Payload } from './support/xss-payloads';

// Issue 12, "Stored XSS": a corpus of payloads saved, as an attacker would, into every field a person controls;
// then every page that shows them opened in Chromium. On none may a dialog open, `window.__xss` be set, a
// Content-Security-Policy violation be reported or markup from a payload become an element; and each page must
// show the payloads as the characters typed, so the journey cannot pass by showing nothing. All payloads go in
// first and each page is opened once: the corpus is checked page by page, not payload by payload.

/** Lower case: the server stores email addresses in lower case, and searches find this tag in them. */
const tag = uniqueTag('x');
/** After a page shows what it should, time for a handler or a blocked load to report, were there one. */
const SETTLE_MS = 300;
const origin = () => inject('baseUrl');
const texts = (payloads: readonly Payload[]) => payloads.map((p) => p.text);
/** Everything, one per line: the fields that take several lines hold the whole corpus. */
const CORPUS = texts(ALL_PAYLOADS).join('\n');
/** A formula start a spreadsheet would run (OWASP, CSV Injection). */
const FORMULA_START = /^[=+\-@\t\r\n]/;

type Watched = Session & { dialogs: string[]; cspConsole: string[] };
type PageState = { xss: unknown; csp: string[]; dangerous: string[]; text: string; values: string[] };
type Member = Watched & { email: string; uid: string; profile: Record<string, string | number | null>; name: string };

declare global {
  interface Window {
    __xss?: unknown;
    __cspViolations?: string[];
  }
}

const browser = useBrowser();
let admin: Watched;
let visitor: Watched;
/** Four members whose profiles hold the corpus; attackers[0] also writes, posts, messages and uses the contact form. */
let attackers: Member[] = [];
/** A member the admin suspends, with ten payloads as the reason (mailed to them, shown to admins). */
let suspended: Member;
let posts: Array<{ id: number; title: string; body: string; by: Member }> = [];
const CATEGORY = `<svg/onload=${RUN}>`;
const CONTACT_NAME = XSS_PAYLOADS.find((p) => p.name.startsWith('title breakout'))!.text;
const SUSPENSION_REASON = texts(XSS_PAYLOADS.slice(0, 10)).join('\n');
const STATE = 'VT';
const STATE_SOURCE = `https://example.org/"><img src=x onerror=${RUN}>`;
const PAGE_PATH = `/"><img src=x onerror=${RUN}>`;
/** Who counted the state's figure (issue 29): printed beside it on the map, the admin's table and the fact sheet. */
const STATE_COUNTED_BY = `<img src=x onerror=${RUN}>`;
type StateEdit = { count: number | null; sourceUrl: string | null; countSource: string | null; countYear: number | null };
let stateBefore: StateEdit | undefined;

/** A fresh browser profile that records dialogs, CSP violations (as events and as console lines) and errors. */
async function watchedSite(): Promise<Watched> {
  const session = await openSite(browser());
  const dialogs: string[] = [];
  const cspConsole: string[] = [];
  // Registered before any page of the site loads, in every frame.
  await session.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window.__cspViolations ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  session.page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  session.page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) cspConsole.push(m.text());
  });
  return { ...session, dialogs, cspConsole };
}

/** Opens a page of the site; the document always comes with our policy (a page without it would prove little). */
async function visit(w: Watched, path: string): Promise<void> {
  const res: Response | null = await w.page.goto(path);
  expect(res?.status(), path).toBe(200);
  expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self'");
}

/** What a frame shows and holds: run inside the page, in each of its frames. */
function inspect(): PageState {
  const dangerous: string[] = [];
  const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc', 'content']);
  for (const el of Array.from(document.querySelectorAll('body *'))) {
    const name = el.localName;
    for (const a of Array.from(el.attributes)) {
      if (a.name.startsWith('on')) dangerous.push(`<${name} ${a.name}>`);
      else if (URL_ATTRIBUTES.has(a.name) && /^\s*(javascript|vbscript|data:text\/html)/i.test(a.value))
        dangerous.push(`<${name} ${a.name}=${a.value}>`);
    }
    if (name === 'script' && !(el as HTMLScriptElement).src && (el as HTMLScriptElement).type !== 'application/json')
      dangerous.push('<script> inline');
    if (['object', 'embed', 'base', 'meta', 'math', 'mglyph', 'animate', 'frame', 'frameset'].includes(name)) dangerous.push(`<${name}>`);
    // index.html's own notice for browsers without JavaScript sits right in the body.
    if (name === 'noscript' && el.parentElement !== document.body) dangerous.push('<noscript>');
    // The admin's mail preview is the one frame of ours: sandboxed, its document given as srcdoc.
    if (name === 'iframe' && el.getAttribute('sandbox') !== '') dangerous.push('<iframe> without sandbox');
    if (name === 'img' && el.getAttribute('src') === 'x') dangerous.push('<img src=x>');
    if (name === 'input' && el.hasAttribute('autofocus')) dangerous.push('<input autofocus>');
    if (name === 'style' && /@import|evil\.example/.test(el.textContent ?? '')) dangerous.push('<style> from a payload');
  }
  const values = Array.from(document.querySelectorAll('input, textarea')).map((el) => (el as HTMLInputElement).value);
  return { xss: window.__xss, csp: window.__cspViolations ?? [], dangerous, text: document.body?.innerText ?? '', values };
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Waits until the page shows every one of `shown` as text (and holds every one of `values` in a field), then
 * checks every frame: no element or handler from a payload, `__xss` unset, no CSP violation, no dialog.
 */
async function expectSafe(
  w: Watched,
  label: string,
  expected: { shown?: readonly string[]; values?: readonly string[]; frame?: Frame } = {},
) {
  const frame = expected.frame ?? w.page.mainFrame();
  const missing = async () => {
    const state = await frame.evaluate(inspect);
    const text = norm(state.text);
    return [
      ...(expected.shown ?? []).filter((s) => !text.includes(norm(s))).map((s) => `text: ${s}`),
      ...(expected.values ?? []).filter((v) => !state.values.includes(v)).map((v) => `value: ${v}`),
    ];
  };
  // Were a payload run or parsed, the checks below say so better than the missing text: they go first.
  const shown = await expect
    .poll(missing, { timeout: 15_000, message: `${label}: what the page should show` })
    .toEqual([])
    .then(
      () => null,
      (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
    );
  await w.page.waitForTimeout(SETTLE_MS);
  for (const f of w.page.frames()) {
    const state = await f.evaluate(inspect);
    const where = `${label} (frame ${f.url().slice(0, 60)})`;
    // A PDF (served only under .pdf, as application/pdf with nosniff: checked where it is fetched) is drawn
    // by Chromium's own viewer, whose page (an <embed> and its script) takes the frame once it has loaded:
    // that markup is the browser's. The PDF's bytes are checked apart; what runs is still checked below.
    const isPdfViewer = new URL(f.url()).pathname.endsWith('.pdf');
    if (!isPdfViewer) expect(state.dangerous, `${where}: elements or handlers from a payload`).toEqual([]);
    expect(state.xss, `${where}: window.__xss`).toBeUndefined();
    expect(state.csp, `${where}: CSP violations`).toEqual([]);
  }
  expect(w.cspConsole, `${label}: CSP messages in the console`).toEqual([]);
  expect(w.dialogs, `${label}: dialogs`).toEqual([]);
  expectNoPageErrors(w.errors);
  if (shown) throw shown;
}

/** Signs up in this browser context through the API, as a person would, and confirms the address. */
async function signUpAttacker(emailPrefix: string, name: string, profile: ProfileFields): Promise<Member> {
  const w = await watchedSite();
  const { email, profile: stored } = await signUpMember(w.page, { prefix: emailPrefix, name, profile });
  return { ...w, email, uid: stored!.uid, profile: stored!, name: `${stored!.firstName} ${stored!.lastName}` };
}

/** The fields of one line that other people see somewhere, at their lengths (src/shared/limits.ts). */
const SHORT_FIELDS = {
  firstName: 80,
  lastName: 80,
  city: 120,
  // Church also carries the tag, so the directory's search finds these members and no one else.
  church: 120 - tag.length - 1,
  orgAg: 120,
  orgAgTitle: 120,
  orgOther: 120,
  orgOtherTitle: 120,
  streetAddress: 200,
};
const TEXT_FIELDS = [...(Object.keys(SHORT_FIELDS) as Array<keyof typeof SHORT_FIELDS>), 'comments'] as const;

function attackerProfile(k: number): Record<string, string | number> {
  const fields = spread(ALL_PAYLOADS, SHORT_FIELDS, k * Object.keys(SHORT_FIELDS).length);
  return {
    ...fields,
    church: `${fields.church} ${tag}`,
    comments: CORPUS,
    phone: '(802) 555-0100',
    state: STATE,
    userZip: '05401',
    agAffiliated: 'Yes',
    agCredentialed: 'Yes',
    agChurch: 'Yes',
    fosterParent: 'Yes',
    numberOfFosterKids: 2,
    orgAgUrl: URL_PAYLOADS[k % URL_PAYLOADS.length]!,
    orgOtherUrl: URL_PAYLOADS[(k + 1) % URL_PAYLOADS.length]!,
    socialMedia: URL_PAYLOADS[(k + 2) % URL_PAYLOADS.length]!,
  };
}

/** Payloads joined into lines of at most `max` characters (titles). */
function packLines(payloads: readonly string[], max: number): string[] {
  const lines: string[] = [];
  for (const p of payloads) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + p.length <= max) lines[lines.length - 1] = `${last} ${p}`;
    else lines.push(p);
  }
  return lines;
}

async function postJson(w: Watched, path: string, data: unknown, method: 'post' | 'put' = 'post') {
  return w.page.request[method](path, { data, headers: { origin: origin() } });
}

beforeAll(async () => {
  admin = await watchedSite();
  visitor = await watchedSite();
  await signInAsAdmin(admin.page);

  // Every field of the profile that takes text, over four members (first and last names hold 80 characters,
  // so one member cannot hold the corpus in short fields); two of the addresses start like formulas too.
  // The account's own name (Better Auth's `name`) is shown on no page; it gets a payload all the same.
  const prefixes = [`xss-${tag}`, `-2+3+xss-${tag}`, `+1+xss-${tag}`, `xss-${tag}`];
  attackers = await Promise.all(prefixes.map((prefix, k) => signUpAttacker(prefix, XSS_PAYLOADS[k]!.text, attackerProfile(k))));
  suspended = await signUpAttacker(`xss-${tag}-suspended`, '', {
    firstName: 'Suspended',
    lastName: `Member ${tag}`,
    phone: '8025550101',
    state: STATE,
  });

  // The forum: titles, a new category, bodies and responses. Members may post five times in ten minutes.
  const titles = packLines(texts(ALL_PAYLOADS), 150);
  expect(titles.length).toBeLessThanOrEqual(attackers.length * 5);
  posts = [];
  for (const [i, title] of titles.entries()) {
    const by = attackers[i % attackers.length]!;
    const body = i === 0 ? CORPUS : title.split(' ').join('\n');
    const res = await postJson(by, '/api/posts', { category: CATEGORY, title, body });
    expect(res.status(), await res.text()).toBe(201);
    posts.push({ id: ((await res.json()) as { id: number }).id, title, body, by });
  }
  for (const [by, body] of [
    [attackers[1]!, CORPUS],
    [attackers[2]!, texts(CSV_PAYLOADS).join('\n')],
  ] as const) {
    const res = await postJson(by, `/api/posts/${posts[0]!.id}/responses`, { body });
    expect(res.status(), await res.text()).toBe(201);
  }

  // A message to another member (the admin's mail log shows it), and one through the contact form.
  const message = await postJson(attackers[0]!, `/api/directory/${attackers[1]!.uid}/message`, { message: CORPUS });
  expect(message.status(), await message.text()).toBe(202);
  const contact = await postJson(attackers[0]!, '/api/contact', { name: CONTACT_NAME, email: attackers[0]!.email, message: CORPUS });
  expect(contact.status(), await contact.text()).toBe(202);

  // What admins write: a suspension's reason (mailed to the member) and a state's source address.
  const suspension = await postJson(admin, `/api/admin/profiles/${suspended.uid}/suspension`, { reason: SUSPENSION_REASON }, 'put');
  expect(suspension.status(), await suspension.text()).toBe(200);
  const states = (await (await admin.page.request.get('/api/admin/states')).json()) as {
    states: Array<{ code: string } & StateEdit>;
  };
  const before = states.states.find((s) => s.code === STATE)!;
  stateBefore = { count: before.count, sourceUrl: before.sourceUrl, countSource: before.countSource, countYear: before.countYear };
  const edited = await postJson(
    admin,
    `/api/admin/states/${STATE}`,
    { count: before.count, sourceUrl: STATE_SOURCE, countSource: STATE_COUNTED_BY, countYear: before.countYear ?? 2021 },
    'put',
  );
  expect(edited.status(), await edited.text()).toBe(200);

  // A page address any visitor reports (POST /api/page-views): enough views to be among the ten the
  // overview shows, from as many addresses as the per-client limit asks.
  const summary = (await (await admin.page.request.get('/api/admin/page-views/summary?days=30')).json()) as {
    byPath: Array<{ views: number }>;
  };
  const views = (summary.byPath[9]?.views ?? 0) + 30;
  for (let sent = 0; sent < views; sent += 20) {
    const batch = Array.from({ length: Math.min(20, views - sent) }, () =>
      visitor.page.request.post('/api/page-views', {
        data: { path: PAGE_PATH, referrer: null },
        headers: { origin: origin(), 'x-forwarded-for': clientAddress() },
      }),
    );
    for (const res of await Promise.all(batch)) expect(res.status()).toBe(204);
  }
});

afterAll(async () => {
  if (stateBefore) {
    const restored = await postJson(admin, `/api/admin/states/${STATE}`, stateBefore, 'put');
    expect(restored.status()).toBe(200);
  }
});

/** What of a member's profile other members see on their card (never the street address). */
function publicTexts(m: Member): string[] {
  return ['firstName', 'lastName', 'city', 'church', 'orgAg', 'orgAgTitle', 'orgOther', 'orgOtherTitle', 'comments'].map((f) =>
    String(m.profile[f]),
  );
}
function allTexts(m: Member): string[] {
  return TEXT_FIELDS.map((f) => String(m.profile[f]));
}

describe('stored XSS: every field a person controls, on every page that shows it', () => {
  it('the members hold the corpus: every payload is saved, as typed, in a one-line field of some profile', () => {
    const saved = attackers.flatMap((m) => Object.keys(SHORT_FIELDS).map((f) => String(m.profile[f])));
    const missing = texts(ALL_PAYLOADS).filter((p) => !saved.some((v) => v === p || v === `${p} ${tag}`));
    expect(missing).toEqual([]);
    for (const m of attackers) expect(m.profile.comments).toBe(CORPUS);
  });

  it("the attacker's own pages: dashboard, and the profile form holding every value", async () => {
    const a = attackers[0]!;
    await visit(a, '/dashboard');
    await expectSafe(a, '/dashboard', { shown: [a.name, a.email] });
    await visit(a, '/update-profile');
    const urls = ['orgAgUrl', 'orgOtherUrl', 'socialMedia'].map((f) => String(a.profile[f]));
    expect(urls.every((u) => u.startsWith('https://example.org/'))).toBe(true);
    await expectSafe(a, '/update-profile', { values: [...allTexts(a), ...urls] });
  });

  it('the directory: every card and its details, as another member sees them', async () => {
    const viewer = attackers[1]!;
    await visit(viewer, `/directory?q=${tag}`);
    const cards = viewer.page.getByRole('list', { name: 'Members' }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(attackers.length);
    for (const button of await viewer.page.getByRole('button', { name: /^Details/ }).all()) await button.click();
    await expectSafe(viewer, '/directory', { shown: attackers.flatMap(publicTexts) });
    // The links are web addresses, whatever was typed.
    const hrefs = await viewer.page.locator('article a[target="_blank"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBe(attackers.length * 3);
    expect(hrefs.filter((h) => !h.startsWith('https://example.org/'))).toEqual([]);
  });

  it('the forum: the list, a post with its responses, and the author’s edit form', async () => {
    await visit(visitor, '/discuss');
    await expectSafe(visitor, '/discuss', { shown: [...posts.map((p) => p.title), CATEGORY, ...attackers.map((m) => m.name)] });
    await visit(visitor, `/discuss/${posts[0]!.id}`);
    await expectSafe(visitor, '/discuss/:id', {
      shown: [posts[0]!.title, ...texts(ALL_PAYLOADS), attackers[0]!.name, attackers[1]!.name, attackers[2]!.name],
    });

    const author = posts[0]!.by;
    await visit(author, `/discuss/${posts[0]!.id}`);
    await author.page.getByRole('button', { name: 'Edit Post', exact: true }).click();
    await expectSafe(author, '/discuss/:id, editing', { values: [CATEGORY, posts[0]!.title, CORPUS] });
  });

  it('admin, all profiles: every row and its details, private fields and a suspension’s reason included', async () => {
    await visit(admin, `/admin/profiles?q=${tag}`);
    const rows = admin.page.locator('tbody tr[data-uid]');
    await expect.poll(() => rows.count()).toBe(attackers.length + 1);
    for (const m of [...attackers, suspended]) {
      const row = admin.page.locator(`tr[data-uid="${m.uid}"]`);
      await row.getByRole('button', { name: /^Details/ }).click();
      const shown =
        m === suspended ? [m.email, ...SUSPENSION_REASON.split('\n')] : [m.email, ...allTexts(m), formatPhone(String(m.profile.phone))];
      await expectSafe(admin, `/admin/profiles, details of ${m.email}`, { shown });
    }
  });

  it('admin, all sent mail: each message with payloads, listed and previewed', async () => {
    const [a0, a1] = attackers as [Member, Member];
    const mails = [
      { form: 'new post alert', has: posts[0]!.title, shown: [`New forum post: ${posts[0]!.title}`, a0.name], quoted: texts(ALL_PAYLOADS) },
      {
        form: 'contact us',
        has: a0.email,
        shown: [`Foster Care Network contact page: message from ${CONTACT_NAME}`],
        quoted: [CONTACT_NAME, ...texts(ALL_PAYLOADS)],
      },
      {
        form: 'member message',
        has: a1.email,
        shown: [`${a0.name} wrote to you through the Foster Care Network`],
        quoted: [a0.name, ...texts(ALL_PAYLOADS)],
      },
      { form: 'account suspended', has: suspended.email, shown: [suspended.email], quoted: SUSPENSION_REASON.split('\n') },
    ];
    for (const mail of mails) {
      await visit(admin, `/admin/mail?form=${encodeURIComponent(mail.form)}`);
      const item = admin.page.locator('li[data-mail-id]').filter({ hasText: mail.has });
      await item.first().waitFor();
      expect(await item.count(), mail.form).toBe(1);
      await item.getByRole('button', { name: /^Show message/ }).click();
      await expectSafe(admin, `/admin/mail, ${mail.form}`, { shown: [...mail.shown, ...mail.quoted] });
      const frame = await item
        .locator('iframe')
        .elementHandle()
        .then((h) => h.contentFrame());
      expect(await item.locator('iframe').getAttribute('sandbox')).toBe('');
      await expectSafe(admin, `/admin/mail, ${mail.form}, HTML part`, { shown: mail.quoted, frame: frame! });
    }
  });

  it('admin: the activity log, the state data and the overview’s most viewed pages', async () => {
    await visit(admin, '/admin/activity');
    await expectSafe(admin, '/admin/activity', { shown: [`source now ${STATE_SOURCE}`, suspended.email] });

    await visit(admin, '/admin/states');
    const source = admin.page.locator(`tr[data-state="${STATE}"] a[target="_blank"]`).first();
    await source.waitFor();
    expect(await source.getAttribute('href')).toBe(STATE_SOURCE);
    await expectSafe(admin, '/admin/states');

    await visit(admin, '/admin');
    const figure = admin.page.locator('figure', { has: admin.page.getByRole('heading', { name: 'Most viewed pages' }) });
    await figure.locator('details summary').click();
    await expectSafe(admin, '/admin (overview)', { shown: [PAGE_PATH] });
  });

  it('the landing map: the state’s source link is the address the admin gave, as an address', async () => {
    await openPage(visitor.page, '/');
    await visitor.page.getByRole('heading', { name: 'Children in foster care, state by state' }).scrollIntoViewIfNeeded();
    await visitor.page.getByRole('group', { name: 'Map of the United States' }).waitFor();
    await visitor.page.getByLabel('Choose a state').selectOption(STATE);
    const link = visitor.page.getByRole('link', { name: /Vermont source sheet/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(STATE_SOURCE);
    await expectSafe(visitor, '/ (map)');
  });

  it('the fact sheet is a PDF, never a page: its type, nosniff, its disposition, and the payload inside', async () => {
    const res = await visitor.page.request.get(`/api/states/${STATE}/fact-sheet.pdf`);
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-disposition']).toMatch(/^(inline|attachment); filename="vermont-foster-care-fact-sheet\.pdf"$/);
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    const body = await res.body();
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The source address is in the sheet (as its link), so the check above is about a sheet that holds it.
    expect(body.toString('latin1')).toContain('onerror=alert');

    // Opened in the browser: Chromium's PDF viewer shows it; the document is a PDF, not a page of markup.
    await visitor.page.goto(`/api/states/${STATE}/fact-sheet.pdf`);
    expect(await visitor.page.evaluate(() => document.contentType)).toBe('application/pdf');
    await expectSafe(visitor, 'the fact sheet in the browser');
  });

  it('the CSV export: a download of text/csv, and no cell a spreadsheet would run', async () => {
    const res = await admin.page.request.get('/api/admin/profiles.csv');
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(headers['content-disposition']).toMatch(/^attachment; filename="profiles-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    const text = (await res.body()).toString('utf8').replace(/^\uFEFF/, '');

    const rows = parseCsv(text, [',']);
    const header = rows[0]!;
    const column = (name: string) => header.indexOf(name);
    const ours = rows.filter((r) => r[column('email')]?.includes(tag));
    expect(ours.length).toBe(attackers.length + 1);
    // Every cell of ours, as the spreadsheet reads it: none starts a formula.
    expect(ours.flatMap((r) => r.filter((cell) => FORMULA_START.test(cell)))).toEqual([]);
    // And each value is there, as typed, behind a ' where it would have been a formula.
    const COLUMNS: Record<(typeof TEXT_FIELDS)[number], string> = {
      firstName: 'first_name',
      lastName: 'last_name',
      city: 'city',
      church: 'church',
      orgAg: 'org_ag',
      orgAgTitle: 'org_ag_title',
      orgOther: 'org_other',
      orgOtherTitle: 'org_other_title',
      streetAddress: 'street_address',
      comments: 'comments',
    };
    const defused = (v: string) => (FORMULA_START.test(v) ? `'${v}` : v);
    for (const m of attackers) {
      const row = ours.find((r) => r[column('uid')] === m.uid)!;
      expect(row[column('email')]).toBe(defused(m.email));
      for (const field of TEXT_FIELDS) expect(row[column(COLUMNS[field])], field).toBe(defused(String(m.profile[field])));
    }
    const defusedCells = ours.flat().filter((cell) => /^'[=+\-@]/.test(cell));
    expect(defusedCells.length).toBeGreaterThanOrEqual(CSV_PAYLOADS.length);

    // A spreadsheet told to split on ';' and tab as well (LibreOffice offers all three at once) finds no
    // formula either: a cell holding one of them is quoted.
    for (const separators of [
      [',', ';'],
      [',', ';', '\t'],
    ]) {
      const cells = parseCsv(text, separators)
        .filter((r) => r.join(',').includes(tag))
        .flat();
      expect(
        cells.filter((cell) => FORMULA_START.test(cell)),
        separators.join(' '),
      ).toEqual([]);
    }
  });

  it('what no field takes: script and data addresses for links, control characters in text', async () => {
    const a = attackers[3]!;
    const base = attackerProfile(3);
    for (const url of REFUSED_URLS) {
      for (const field of ['socialMedia', 'orgAgUrl', 'orgOtherUrl']) {
        const res = await postJson(a, '/api/profile', { ...base, [field]: url }, 'put');
        expect(res.status(), `${field} = ${JSON.stringify(url)}`).toBe(400);
      }
    }
    for (const [field, value] of [
      ['firstName', `\u0000<script>${RUN}</script>`],
      ['city', `\t=1+1`],
      ['church', `a\u001b[31m<img src=x onerror=${RUN}>`],
    ] as const) {
      const res = await postJson(a, '/api/profile', { ...base, [field]: value }, 'put');
      expect(res.status(), `${field} = ${JSON.stringify(value)}`).toBe(400);
    }
    const source = await postJson(admin, `/api/admin/states/${STATE}`, { ...stateBefore!, sourceUrl: `javascript:${RUN}` }, 'put');
    expect(source.status()).toBe(400);
  });
});
