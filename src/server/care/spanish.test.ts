import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARE_TEAM_NOT_FOUND } from '../../shared/care';
import { careDateLabel, careTimeLabel, type CareCalendar } from '../../shared/care-calendar';
import { careClaim, careTeam, notification, user } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { useTestApp } from '../testing/app';
import {
  expectJson,
  insertCareTask,
  insertCareTeam,
  insertChurch,
  mailsTo,
  signedInMember,
  type SignedUpMember,
} from '../testing/factories';
import { addDays, localParts, ruleOf, zonedInstant } from './recurrence';
import { remindClaimers } from './reminders';

// The care teams in Spanish (issue 28): mail and the bell's words in each recipient's saved language, whoever
// triggers them; errors and the calendar's words in the asker's language; English readers keep the exact English.

const t = useTestApp();
const TZ = 'America/Chicago';
const today = () => localParts(new Date(), TZ).date;

let dana: SignedUpMember;
let grace: SignedUpMember;
let ines: SignedUpMember;
let teamId: number;

beforeAll(async () => {
  [dana, grace, ines] = (await Promise.all(
    ['Dana', 'Grace', 'Ines'].map((firstName) =>
      signedInMember(t, { prefix: firstName.toLowerCase(), profile: { firstName, lastName: 'Idioma' } }),
    ),
  )) as [SignedUpMember, SignedUpMember, SignedUpMember];
  teamId = await insertCareTeam(t.db, dana.id, { members: [{ uid: grace.id, role: 'helper' }] });
  // The family reads Spanish; Grace, who signs up, reads English.
  await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, dana.id));
});

describe('care in Spanish', () => {
  it('tells a Spanish-speaking family of an English helper’s sign-up in Spanish: the mail and the bell', async () => {
    const date = addDays(today(), 4);
    const task = await insertCareTask(t.db, teamId, { startDate: date, startTime: '18:00' });
    expect((await grace.c.post(`/api/care/teams/${teamId}/tasks/${task}/claims`, { occursOn: date })).status).toBe(201);
    const [mail] = await mailsTo(t.db, dana.email, MAIL_FORMS.notifyCare);
    expect(mail?.message.subject).toBe(
      `Grace Idioma se compromete a llevar una comida el ${careDateLabel(date, 'es')} a las ${careTimeLabel('18:00', 'es')}`,
    );
    expect(mail?.message.text).toContain('Abrir su equipo de cuidado');
    expect(mail?.message.html).toContain('lang="es"');
    const [bell] = await t.db
      .select()
      .from(notification)
      .where(and(eq(notification.recipientUid, dana.id), eq(notification.careTeamId, teamId)));
    expect(bell?.careText).toBe(`se compromete a llevar una comida el ${careDateLabel(date, 'es')} a las ${careTimeLabel('18:00', 'es')}`);
  });

  it('answers errors and the calendar’s words in the asker’s language; English askers keep the exact English', async () => {
    const spanish = await ines.c.get(`/api/care/teams/${teamId}/calendar`, { 'accept-language': 'es' });
    expect(spanish.status).toBe(404);
    expect(((await spanish.json()) as { message: string }).message).toBe('Este equipo de cuidado no existe, o usted no forma parte de él.');
    const english = await ines.c.get(`/api/care/teams/${teamId}/calendar`, { 'accept-language': 'en' });
    expect(((await english.json()) as { message: string }).message).toBe(CARE_TEAM_NOT_FOUND);

    const start = addDays(today(), 3);
    await insertCareTask(t.db, teamId, { startDate: start, repeat: 'weekly' });
    const weekday = (locale: 'en' | 'es') => careDateLabel(start, locale).split(',')[0];
    const inSpanish = await expectJson<CareCalendar>(
      await grace.c.get(`/api/care/teams/${teamId}/calendar`, { 'accept-language': 'es-US,es;q=0.9' }),
    );
    const weekly = inSpanish.occurrences.find((o) => o.occursOn === start)!;
    expect(weekly).toMatchObject({ title: 'Comida', repeatLabel: `Cada semana, el ${weekday('es')}`, place: 'En el hogar de la familia' });
    const inEnglish = await expectJson<CareCalendar>(await grace.c.get(`/api/care/teams/${teamId}/calendar`));
    expect(inEnglish.occurrences.find((o) => o.occursOn === start)).toMatchObject({
      title: 'Meal',
      repeatLabel: `Every week on ${weekday('en')}`,
      place: 'At the family’s home',
    });
    expect(ruleOf('weekly', start)).toBe('FREQ=WEEKLY;INTERVAL=1');
  });

  it('invites a Spanish-speaking member in Spanish, whoever invites', async () => {
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, ines.id));
    await t.db.update(user).set({ locale: null }).where(eq(user.id, dana.id));
    expect((await dana.c.post(`/api/care/teams/${teamId}/invitations`, { uid: ines.id, role: 'mentor' })).status).toBe(201);
    const [mail] = await mailsTo(t.db, ines.email, MAIL_FORMS.careInvitation);
    expect(mail?.message.subject).toBe('Dana Idioma le invitó a un equipo de cuidado');
    expect(mail?.message.text).toContain('Hola, Ines:');
    expect(mail?.message.text).toContain('como mentor de niños');
    const [bell] = await t.db
      .select()
      .from(notification)
      .where(and(eq(notification.recipientUid, ines.id), eq(notification.careTeamId, teamId)));
    expect(bell?.careText).toBe('le invitó al equipo de cuidado de la familia de Dana como mentor de niños');
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, dana.id));
  });

  it('reminds a Spanish-speaking helper in Spanish, and an English one in English', async () => {
    const tomorrow = addDays(today(), 1);
    const task = await insertCareTask(t.db, teamId, { startDate: tomorrow, startTime: '17:30', helpersNeeded: 2 });
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, grace.id));
    await t.db.insert(careClaim).values({ taskId: task, occursOn: tomorrow, uid: grace.id, createdAt: new Date() });
    await remindClaimers(t.deps, { now: zonedInstant(today(), '10:00', TZ) });
    const [mail] = await mailsTo(t.db, grace.email, MAIL_FORMS.careReminder);
    expect(mail?.message.subject).toBe('Mañana: Comida para la familia de Dana');
    expect(mail?.message.text).toContain(
      `Un recordatorio: mañana, ${careDateLabel(tomorrow, 'es')}, a las ${careTimeLabel('17:30', 'es')}`,
    );
    await t.db.update(user).set({ locale: null }).where(eq(user.id, grace.id));
  });

  it('names a team started for a Spanish-speaking family in Spanish when nobody names it', async () => {
    const keeper = await signedInMember(t, { prefix: 'keeper' });
    const family = await signedInMember(t, {
      prefix: 'lucia',
      profile: { firstName: 'Lucía', lastName: 'Idioma', fosterParent: 'Yes', state: 'TX' },
    });
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, family.id));
    const churchId = await insertChurch(t.db, { pointPersons: [keeper.id], members: [keeper.id, family.id] });
    const started = await expectJson<{ id: number }>(
      await keeper.c.post('/api/care/teams', { familyUid: family.id, churchId, name: '' }),
      201,
    );
    const [row] = await t.db.select({ name: careTeam.name }).from(careTeam).where(eq(careTeam.id, started.id));
    expect(row?.name).toBe('Equipo de cuidado de Lucía');
  });
});
