import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY } from '../../shared/durations';
import {
  CLEARANCE_COMPLETED_NEEDED,
  CLEARANCE_DATE_FUTURE,
  CLEARANCE_EXPIRES_BEFORE,
  CLEARANCE_NOT_OWN,
  CLEARANCE_RECORD_NOT_FOUND,
  CLEARANCE_RECORDERS_ONLY,
  CLEARANCE_REQUIREMENT_NOT_FOUND,
  type AdminClearanceList,
  type ChurchClearances,
  type ClearanceRequirement,
  type MemberClearances,
  type MyClearances,
} from '../../shared/clearances';
import type { LiveEvent } from '../../shared/live';
import { adminActivity, clearanceRecord, clearanceRequirement } from '../db/schema';
import { testClock, useTestApp } from '../testing/app';
import {
  expectJson,
  insertCareTeam,
  insertChurch,
  insertClearance,
  insertMember,
  requirementId,
  signedInAdmin,
  signedInMember,
} from '../testing/factories';
import { clearanceToday, teamAccess } from './access';
import { addMonths } from './recurrence';
import { careTeamTopic, CLEARANCES_TOPIC, myCareTeamsTopic } from './store';

const clock = testClock();
const t = useTestApp({ clock });

const today = () => clearanceToday(clock.now());
const stateOf = (m: { clearances: { requirementId: number; status: string }[] }, id: number) =>
  m.clearances.find((s) => s.requirementId === id)!;
const recordsOf = (uid: string) => t.db.select().from(clearanceRecord).where(eq(clearanceRecord.uid, uid));

/** A point person of a church, the church's confirmed member, and one who only says they belong. */
async function churchWithMembers() {
  const keeper = await signedInMember(t, { prefix: 'keeper' });
  const confirmed = await insertMember(t.db, { firstName: 'Rita', lastName: 'Respite' });
  const claimed = await insertMember(t.db);
  const churchId = await insertChurch(t.db, { pointPersons: [keeper.id], members: [keeper.id, confirmed.id], claimed: [claimed.id] });
  return { keeper, confirmed: confirmed.id, claimed: claimed.id, churchId };
}

describe('clearance requirements (admins)', () => {
  it('lists the starting three, adds one, changes and archives it, each in the activity log', async () => {
    const admin = await signedInAdmin(t);
    const start = await expectJson<{ requirements: ClearanceRequirement[] }>(await admin.c.get('/api/admin/clearances/requirements'));
    expect(start.requirements.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Confidentiality agreement', 'Background check', 'Respite care training']),
    );

    const made = await expectJson<ClearanceRequirement>(
      await admin.c.post('/api/admin/clearances/requirements', {
        name: '  Child safety   training ',
        kind: 'training',
        description: 'The two-hour course of the district.',
        validMonths: 24,
        requiredFor: ['mentor', 'respite', 'mentor'],
      }),
      201,
    );
    expect(made).toMatchObject({ name: 'Child safety training', requiredFor: ['mentor', 'respite'], archived: false });

    const changed = await expectJson<ClearanceRequirement>(
      await admin.c.patch(`/api/admin/clearances/requirements/${made.id}`, { validMonths: 12 }),
    );
    expect(changed).toMatchObject({ validMonths: 12, name: 'Child safety training' });
    const archived = await expectJson<ClearanceRequirement>(
      await admin.c.patch(`/api/admin/clearances/requirements/${made.id}`, { archived: true }),
    );
    expect(archived.archived).toBe(true);
    // An archived requirement counts for nobody: a member's page no longer lists it.
    const mine = await expectJson<MyClearances>(await admin.c.get('/api/me/clearances'));
    expect(mine.clearances.map((s) => s.requirementId)).not.toContain(made.id);

    const logged = await t.db.select().from(adminActivity).where(eq(adminActivity.actorUid, admin.id));
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(['clearance-requirement.create', 'clearance-requirement.update']));
    expect(logged.filter((l) => l.action === 'clearance-requirement.update')).toHaveLength(2);
    await t.db.delete(clearanceRequirement).where(eq(clearanceRequirement.id, made.id));
  });

  it('refuses months out of 1–120, a role that is not a helper role, and any field it does not read', async () => {
    const admin = await signedInAdmin(t);
    const base = { name: 'A check', kind: 'background_check', description: 'Text', validMonths: 12, requiredFor: ['respite'] };
    for (const body of [
      { ...base, validMonths: 0 },
      { ...base, validMonths: 121 },
      { ...base, validMonths: 1.5 },
      { ...base, requiredFor: ['family'] },
      { ...base, kind: 'ssn' },
      { ...base, notes: 'anything' },
    ]) {
      const res = await admin.c.post('/api/admin/clearances/requirements', body);
      expect(res.status).toBe(400);
    }
    const missing = await admin.c.patch('/api/admin/clearances/requirements/999999', { archived: true });
    expect(await expectJson(missing, 404)).toMatchObject({ message: CLEARANCE_REQUIREMENT_NOT_FOUND });
  });
});

describe("a member's records: PUT and DELETE /api/clearances/{uid}/{requirementId}", () => {
  it("an admin records status and dates only; the expiry date defaults to the requirement's months; it is logged", async () => {
    const admin = await signedInAdmin(t);
    const member = await insertMember(t.db);
    const check = await requirementId(t.db, 'background_check');

    const recorded = await expectJson<MemberClearances>(
      await admin.c.put(`/api/clearances/${member.id}/${check}`, { status: 'cleared', completedOn: '2024-01-31' }),
    );
    expect(stateOf(recorded, check)).toMatchObject({ completedOn: '2024-01-31', expiresOn: addMonths('2024-01-31', 36) });
    const [row] = await recordsOf(member.id);
    expect(row).toMatchObject({ status: 'cleared', verifiedBy: admin.id, expiresOn: '2027-01-31' });

    // A date given is kept; an earlier or equal one is refused.
    const given = await expectJson<MemberClearances>(
      await admin.c.put(`/api/clearances/${member.id}/${check}`, { status: 'cleared', completedOn: '2024-01-31', expiresOn: '2025-06-30' }),
    );
    expect(stateOf(given, check)).toMatchObject({ expiresOn: '2025-06-30', status: today() > '2025-06-30' ? 'expired' : 'cleared' });

    const logged = await t.db
      .select()
      .from(adminActivity)
      .where(and(eq(adminActivity.actorUid, admin.id), eq(adminActivity.action, 'clearance.record')));
    expect(logged).toHaveLength(2);
    expect(logged[0]!.details).toMatchObject({ uid: member.id, requirement: check, status: 'cleared' });

    const removed = await expectJson<MemberClearances>(await admin.c.delete(`/api/clearances/${member.id}/${check}`));
    expect(stateOf(removed, check).status).toBe('missing');
    expect(await expectJson(await admin.c.delete(`/api/clearances/${member.id}/${check}`), 404)).toMatchObject({
      message: CLEARANCE_RECORD_NOT_FOUND,
    });
  });

  it('refuses an SSN, notes, a document or any other field, and wrong dates, writing nothing', async () => {
    const admin = await signedInAdmin(t);
    const member = await insertMember(t.db);
    const check = await requirementId(t.db, 'background_check');
    const path = `/api/clearances/${member.id}/${check}`;
    const good = { status: 'cleared', completedOn: '2025-03-01' };
    for (const extra of [{ ssn: '123-45-6789' }, { notes: 'Clean record' }, { document: 'JVBERi0xLjQK' }, { verifiedBy: admin.id }]) {
      const res = await admin.c.put(path, { ...good, ...extra });
      expect(res.status).toBe(400);
    }
    const noDate = await expectJson<{ fieldErrors: Record<string, string> }>(await admin.c.put(path, { status: 'cleared' }), 400);
    expect(noDate.fieldErrors).toEqual({ completedOn: CLEARANCE_COMPLETED_NEEDED });
    const before = await expectJson<{ fieldErrors: Record<string, string> }>(
      await admin.c.put(path, { ...good, expiresOn: '2025-02-01' }),
      400,
    );
    expect(before.fieldErrors).toEqual({ expiresOn: CLEARANCE_EXPIRES_BEFORE });
    const future = await expectJson<{ fieldErrors: Record<string, string> }>(
      await admin.c.put(path, { status: 'pending', completedOn: addMonths(today(), 1) }),
      400,
    );
    expect(future.fieldErrors).toEqual({ completedOn: CLEARANCE_DATE_FUTURE });
    expect((await admin.c.put(path, { ...good, completedOn: '2025-02-30' })).status).toBe(400);
    expect(await recordsOf(member.id)).toEqual([]);

    // Pending needs no date and keeps no expiry.
    const pending = await expectJson<MemberClearances>(await admin.c.put(path, { status: 'pending' }));
    expect(stateOf(pending, check)).toMatchObject({ status: 'pending', completedOn: null, expiresOn: null });
  });

  it("a point person records their church's confirmed members, not others, not themselves, and leaves no log entry", async () => {
    const { keeper, confirmed, claimed } = await churchWithMembers();
    const training = await requirementId(t.db, 'training');
    const ok = await expectJson<MemberClearances>(
      await keeper.c.put(`/api/clearances/${confirmed}/${training}`, { status: 'cleared', completedOn: today() }),
    );
    expect(ok).toMatchObject({ name: 'Rita Respite' });
    expect(stateOf(ok, training)).toMatchObject({ status: 'cleared', expiresOn: addMonths(today(), 24) });
    expect((await recordsOf(confirmed))[0]!.verifiedBy).toBe(keeper.id);
    expect(await t.db.select().from(adminActivity).where(eq(adminActivity.actorUid, keeper.id))).toEqual([]);

    const stranger = await insertMember(t.db);
    for (const uid of [claimed, stranger.id, 'no-such-account']) {
      const res = await keeper.c.put(`/api/clearances/${uid}/${training}`, { status: 'cleared', completedOn: today() });
      expect(await expectJson(res, 403)).toMatchObject({ message: CLEARANCE_RECORDERS_ONLY });
    }
    const own = await keeper.c.put(`/api/clearances/${keeper.id}/${training}`, { status: 'cleared', completedOn: today() });
    expect(await expectJson(own, 403)).toMatchObject({ message: CLEARANCE_NOT_OWN });
    // Any other member, and an admin without the second factor, is no recorder.
    const other = await signedInMember(t);
    expect((await other.c.delete(`/api/clearances/${confirmed}/${training}`)).status).toBe(403);
    const halfAdmin = await signedInAdmin(t, { secondFactor: false });
    expect((await halfAdmin.c.put(`/api/clearances/${stranger.id}/${training}`, { status: 'pending' })).status).toBe(403);
    expect(await recordsOf(stranger.id)).toEqual([]);

    expect((await keeper.c.delete(`/api/clearances/${confirmed}/${training}`)).status).toBe(200);
    expect(await recordsOf(confirmed)).toEqual([]);
  });

  it("GET /api/churches/{id}/clearances: the church's confirmed members with their states, for its point persons", async () => {
    const { keeper, confirmed, claimed, churchId } = await churchWithMembers();
    await insertClearance(t.db, confirmed, 'agreement');
    const list = await expectJson<ChurchClearances>(await keeper.c.get(`/api/churches/${churchId}/clearances`));
    expect(list.members.map((m) => m.uid).sort()).toEqual([keeper.id, confirmed].sort());
    expect(list.members.map((m) => m.uid)).not.toContain(claimed);
    const rita = list.members.find((m) => m.uid === confirmed)!;
    expect(stateOf(rita, await requirementId(t.db, 'agreement')).status).toBe('cleared');
    expect(JSON.stringify(list)).not.toMatch(/@/);
    expect((await (await signedInMember(t)).c.get(`/api/churches/${churchId}/clearances`)).status).toBe(403);
    expect((await (await signedInAdmin(t)).c.get(`/api/churches/${churchId}/clearances`)).status).toBe(200);
  });
});

describe("the member's own: GET /api/me/clearances and the agreement", () => {
  it('accepting the agreement clears it for its months; what each team role still needs; the team hears of it', async () => {
    const family = await insertMember(t.db);
    const m = await signedInMember(t);
    const teamId = await insertCareTeam(t.db, family.id, { members: [{ uid: m.id, role: 'respite' }] });
    const agreement = await requirementId(t.db, 'agreement');

    const before = await expectJson<MyClearances>(await m.c.get('/api/me/clearances'));
    expect(stateOf(before, agreement)).toMatchObject({ status: 'missing' });
    expect(before.clearances.find((s) => s.requirementId === agreement)!.description).not.toBe('');
    expect(before.details).toEqual({ cleared: false, missing: ['Confidentiality agreement'] });
    expect(before.teams).toEqual([
      { teamId, name: expect.any(String), role: 'respite', cleared: false, missing: ['Background check', 'Respite care training'] },
    ]);

    const events: LiveEvent[] = [];
    const off = t.deps.live.subscribe((e) => events.push(e));
    try {
      const after = await expectJson<MyClearances>(await m.c.post('/api/me/clearances/agreement', { agree: true }));
      expect(stateOf(after, agreement)).toMatchObject({ status: 'cleared', completedOn: today(), expiresOn: addMonths(today(), 12) });
      expect(after.details).toEqual({ cleared: true, missing: [] });
      await expect
        .poll(() => events.map((e) => e.topic))
        .toEqual(expect.arrayContaining([CLEARANCES_TOPIC, careTeamTopic(teamId), myCareTeamsTopic(m.id)]));
    } finally {
      off();
    }
    expect((await recordsOf(m.id))[0]).toMatchObject({ verifiedBy: m.id });

    for (const body of [{ agree: false }, {}, { agree: true, signature: 'Me' }]) {
      expect((await m.c.post('/api/me/clearances/agreement', body)).status).toBe(400);
    }
    const unconfirmed = await signedInMember(t, { confirm: false });
    expect(await expectJson(await unconfirmed.c.post('/api/me/clearances/agreement', { agree: true }), 403)).toMatchObject({
      code: 'EMAIL_UNVERIFIED',
    });
    expect(await recordsOf(unconfirmed.id)).toEqual([]);
  });

  it("on the expiry date's next day the details stop by themselves, until the agreement is renewed", async () => {
    const family = await insertMember(t.db);
    const m = await signedInMember(t);
    const teamId = await insertCareTeam(t.db, family.id, { members: [{ uid: m.id, role: 'helper' }] });
    const tomorrow = clearanceToday(new Date(clock.now().getTime() + DAY));
    await insertClearance(t.db, m.id, 'agreement', { completedOn: addMonths(today(), -12), expiresOn: tomorrow });
    const access = () => teamAccess(t.db, teamId, { uid: m.id, admin: false }, { now: clock.now() });
    expect((await access()).seesDetails).toBe(true);

    clock.advance(2 * DAY);
    try {
      expect((await access()).seesDetails).toBe(false);
      const mine = await expectJson<MyClearances>(await m.c.get('/api/me/clearances'));
      expect(stateOf(mine, await requirementId(t.db, 'agreement')).status).toBe('expired');
      expect(mine.details.cleared).toBe(false);
      await m.c.post('/api/me/clearances/agreement', { agree: true });
      expect((await access()).seesDetails).toBe(true);
    } finally {
      clock.advance(-2 * DAY);
    }
  });
});

describe('a requirement’s name and description in Spanish (issue 28)', () => {
  it('the admins give it and its description (blank is none); Spanish readers see them, English readers the English', async () => {
    const admin = await signedInAdmin(t);
    const { requirements } = await expectJson<{ requirements: ClearanceRequirement[] }>(
      await admin.c.get('/api/admin/clearances/requirements'),
    );
    // The three the site starts with came with their Spanish names (migration 0017, the terminology list).
    expect(requirements.find((r) => r.name === 'Background check')).toMatchObject({ nameEs: 'Verificación de antecedentes' });
    expect(requirements.find((r) => r.name === 'Confidentiality agreement')).toMatchObject({
      nameEs: 'Acuerdo de confidencialidad',
      descriptionEs: expect.stringMatching(/^Guardaré dentro del equipo lo que sepa de esta familia/),
    });

    const made = await expectJson<ClearanceRequirement>(
      await admin.c.post('/api/admin/clearances/requirements', {
        name: 'Child safety training',
        nameEs: '  Capacitación en   seguridad infantil ',
        kind: 'training',
        description: 'The two-hour course of the district.',
        descriptionEs: ' El curso de dos horas del distrito.\n',
        validMonths: 24,
        requiredFor: ['mentor'],
      }),
      201,
    );
    expect(made).toMatchObject({
      name: 'Child safety training',
      nameEs: 'Capacitación en seguridad infantil',
      descriptionEs: 'El curso de dos horas del distrito.',
    });
    const plain = await expectJson<ClearanceRequirement>(
      await admin.c.post('/api/admin/clearances/requirements', {
        name: 'First aid',
        kind: 'training',
        description: 'A first-aid course.',
        validMonths: 24,
        requiredFor: ['mentor'],
      }),
      201,
    );
    expect(plain).toMatchObject({ nameEs: null, descriptionEs: null });
    // A PATCH without it keeps it; blank removes it; too long is refused.
    expect(await expectJson(await admin.c.patch(`/api/admin/clearances/requirements/${made.id}`, { validMonths: 12 }))).toMatchObject({
      nameEs: 'Capacitación en seguridad infantil',
    });
    expect((await admin.c.patch(`/api/admin/clearances/requirements/${made.id}`, { nameEs: 'x'.repeat(500) })).status).toBe(400);

    const family = await insertMember(t.db);
    const m = await signedInMember(t);
    await insertCareTeam(t.db, family.id, { members: [{ uid: m.id, role: 'mentor' }] });
    const names = (mine: MyClearances) => mine.clearances.map((c) => c.name);
    const english = await expectJson<MyClearances>(await m.c.get('/api/me/clearances'));
    expect(names(english)).toEqual(expect.arrayContaining(['Background check', 'Child safety training', 'First aid']));
    expect(english.details.missing).toEqual(['Confidentiality agreement']);
    const text = (mine: MyClearances, name: string) => mine.clearances.find((c) => c.name === name)!.description;
    expect(text(english, 'Child safety training')).toBe('The two-hour course of the district.');

    // The asker's language (their saved preference first, else the cookie, else Accept-Language: src/shared/i18n/locale.ts).
    const spanish = await expectJson<MyClearances>(await m.c.get('/api/me/clearances', { 'accept-language': 'es' }));
    expect(names(spanish)).toEqual(
      expect.arrayContaining(['Verificación de antecedentes', 'Capacitación en seguridad infantil', 'First aid']),
    );
    expect(spanish.details.missing).toEqual(['Acuerdo de confidencialidad']);
    // The agreement's text a Spanish reader accepts, and a description without Spanish in English.
    expect(text(spanish, 'Acuerdo de confidencialidad')).toMatch(/^Guardaré dentro del equipo/);
    expect(text(spanish, 'Capacitación en seguridad infantil')).toBe('El curso de dos horas del distrito.');
    expect(text(spanish, 'First aid')).toBe('A first-aid course.');
    expect(spanish.teams[0]!.missing).toEqual(expect.arrayContaining(['Capacitación en seguridad infantil', 'First aid']));
    // The admin's list of members names them in the admin's language (here the request's).
    const list = await expectJson<AdminClearanceList>(await admin.c.get('/api/admin/clearances', { 'accept-language': 'es' }));
    expect(list.members.find((x) => x.uid === m.id)!.clearances.map((c) => c.name)).toContain('Capacitación en seguridad infantil');

    expect((await admin.c.patch(`/api/admin/clearances/requirements/${made.id}`, { nameEs: '  ' })).status).toBe(200);
    expect(names(await expectJson<MyClearances>(await m.c.get('/api/me/clearances')))).toContain('Child safety training');
    for (const id of [made.id, plain.id]) await admin.c.patch(`/api/admin/clearances/requirements/${id}`, { archived: true });
  });
});

describe('GET /api/admin/clearances', () => {
  it('lists members with a record or on a team, by name, narrowed by state, paged', async () => {
    const admin = await signedInAdmin(t);
    const tag = `Zq${Date.now().toString(36)}`;
    const family = await insertMember(t.db, { firstName: 'Fam', lastName: tag });
    const helper = await insertMember(t.db, { firstName: 'Helper', lastName: tag });
    const cleared = await insertMember(t.db, { firstName: 'Cleared', lastName: tag });
    await insertMember(t.db, { firstName: 'Nobody', lastName: tag });
    await insertCareTeam(t.db, family.id, { members: [{ uid: helper.id, role: 'helper' }] });
    await insertClearance(t.db, cleared.id, 'background_check');

    const all = await expectJson<AdminClearanceList>(await admin.c.get(`/api/admin/clearances?q=${tag}`));
    expect(all.members.map((m) => m.name)).toEqual([`Cleared ${tag}`, `Fam ${tag}`, `Helper ${tag}`]);
    expect(all).toMatchObject({ total: 3, page: 1, pages: 1 });
    const done = await expectJson<AdminClearanceList>(await admin.c.get(`/api/admin/clearances?q=${tag}&status=cleared`));
    expect(done.members.map((m) => m.uid)).toEqual([cleared.id]);
    const missing = await expectJson<AdminClearanceList>(await admin.c.get(`/api/admin/clearances?q=${tag}&status=missing&page=9`));
    expect(missing).toMatchObject({ total: 3, page: 1 });
    expect((await admin.c.get('/api/admin/clearances?status=lost')).status).toBe(400);
  });
});
