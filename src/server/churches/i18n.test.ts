import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { HumanTokenResponse } from '../../shared/contact';
import { CHURCH_NOT_FOUND, UNKNOWN_ZIP } from '../../shared/churches';
import { user } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { useTestApp } from '../testing/app';
import {
  buildChurchFields,
  expectJson,
  insertChurch,
  insertMember,
  mailsTo,
  signedInAdmin,
  signedInMember,
  uniqueTag,
} from '../testing/factories';

// The churches in Spanish (issue 28): errors in the asker's language, and every mail of the feature in its
// recipient's language whoever's action sends it (an English-speaking visitor, member or admin here).

const ADMIN_EMAIL = 'churches.i18n.admin@example.org';
const STAFF_EMAIL = 'churches.i18n.team@example.org';
const t = useTestApp({ config: { adminEmails: [ADMIN_EMAIL], staffEmail: STAFF_EMAIL } });

const SPANISH = { 'accept-language': 'es-US,es;q=0.9' };
const speaksSpanish = async (id: string) => {
  await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, id));
};
/** A proposal as the profile page's form sends it, of a church in Springfield, Missouri. */
function proposal(overrides: Record<string, unknown> = {}) {
  const { name, city, state, zip, ag } = buildChurchFields();
  return { name, city, state, zip, ag, pointPerson: false, ...overrides };
}
/** The one mail of this form to this address: its subject, text and HTML. */
async function onlyMail(to: string, form: string) {
  const items = await mailsTo(t.db, to.toLowerCase(), form);
  expect(items).toHaveLength(1);
  return items[0]!.message;
}

describe('errors in the asker’s language', () => {
  it('answers a Spanish-speaking visitor in Spanish, and an English one in the exact English', async () => {
    const c = t.client();
    const spanish = await c.get('/api/churches?zip=00000', SPANISH);
    expect(spanish.status).toBe(400);
    expect((await spanish.json()).fieldErrors).toEqual({ zip: 'No conocemos este código postal. Revise los cinco dígitos.' });
    const english = await c.get('/api/churches?zip=00000');
    expect((await english.json()).fieldErrors).toEqual({ zip: UNKNOWN_ZIP });

    // Our schemas' own messages (not zod's) are put in the language too; the `lang` cookie is a visitor's choice.
    const nowhere = await c.get('/api/churches?radius=25', { cookie: 'lang=es' });
    expect((await nowhere.json()).fieldErrors).toEqual({ zip: 'Escriba un código postal o elija un estado' });

    expect(await (await c.get('/api/churches/2000000000', SPANISH)).json()).toMatchObject({
      message: 'Esta iglesia no está (o ya no está) en la red.',
    });
    expect(await (await c.get('/api/churches/2000000000')).json()).toMatchObject({ message: CHURCH_NOT_FOUND });
  });

  it('names the state and the church of a refused proposal in the member’s saved language', async () => {
    const m = await signedInMember(t, { prefix: 'es-proposer' });
    await speaksSpanish(m.id);
    const wrongState = await m.c.post('/api/churches/proposals', proposal({ state: 'TX' }));
    expect(wrongState.status).toBe(400);
    expect((await wrongState.json()).fieldErrors).toEqual({ zip: 'Este código postal no está en Texas.' });

    const name = `${uniqueTag('Listed')} Assembly`;
    await insertChurch(t.db, { name, zip: '65802', city: 'Springfield' });
    const twice = await m.c.post('/api/churches/proposals', proposal({ name }));
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe(`${name} en Springfield ya está en la red: mejor elíjala de la lista.`);

    const english = await signedInMember(t, { prefix: 'en-proposer' });
    const refused = await english.c.post('/api/churches/proposals', proposal({ name }));
    expect((await refused.json()).message).toBe(`${name} in Springfield is in the network already: pick it from the list instead.`);
  });
});

describe('mail in its recipient’s language', () => {
  it('tells a Spanish-speaking proposer in Spanish that an English-speaking admin approved or declined their church', async () => {
    const admin = (await signedInAdmin(t, { email: ADMIN_EMAIL, profile: null })).c;
    const proposer = await insertMember(t.db);
    await speaksSpanish(proposer.id);
    const approved = await insertChurch(t.db, {
      status: 'proposed',
      proposedBy: proposer.id,
      pointPersons: [proposer.id],
      claimed: [proposer.id],
    });
    await expectJson(await admin.post(`/api/admin/churches/${approved}/approve`, {}));
    const told = await onlyMail(proposer.email, MAIL_FORMS.churchApproved);
    expect(told.subject).toMatch(/ ya está en Foster Care Network$/);
    expect(told.text).toContain('El equipo de Foster Care Network aprobó la iglesia que usted propuso');
    expect(told.text).toContain('Usted mantiene su página');
    expect(told.html).toContain('<html lang="es">');

    const other = await insertMember(t.db);
    await speaksSpanish(other.id);
    const declined = await insertChurch(t.db, { status: 'proposed', proposedBy: other.id, claimed: [other.id] });
    await expectJson(await admin.post(`/api/admin/churches/${declined}/decline`, { reason: 'Ya está en la lista.' }));
    const refused = await onlyMail(other.email, MAIL_FORMS.churchDeclined);
    expect(refused.subject).toMatch(/^Sobre la iglesia que usted propuso, /);
    expect(refused.text).toContain('El motivo indicado:');
    expect(refused.text).toContain('> Ya está en la lista.');

    // An English-speaking proposer still reads the English, word for word.
    const englishProposer = await insertMember(t.db);
    const third = await insertChurch(t.db, { status: 'proposed', proposedBy: englishProposer.id, claimed: [englishProposer.id] });
    await expectJson(await admin.post(`/api/admin/churches/${third}/approve`, {}));
    expect((await onlyMail(englishProposer.email, MAIL_FORMS.churchApproved)).subject).toMatch(/ is in the Foster Care Network$/);
  });

  it('writes to each point person in their own language when a visitor contacts the church', async () => {
    const spanish = await insertMember(t.db, { firstName: 'Paula' });
    const english = await insertMember(t.db, { firstName: 'Peter' });
    await speaksSpanish(spanish.id);
    const id = await insertChurch(t.db, { name: `${uniqueTag('Contact')} Assembly`, pointPersons: [spanish.id, english.id] });
    const c = t.client();
    const { token } = (await (await c.post('/api/contact/human')).json()) as HumanTokenResponse;
    const note = { name: 'Vera Visitor', email: 'vera.visitor@example.org', message: 'We would like to help.', humanToken: token };
    expect((await c.post(`/api/churches/${id}/contact`, note)).status).toBe(202);

    const es = await onlyMail(spanish.email, MAIL_FORMS.churchContact);
    expect(es.subject).toMatch(/^Vera Visitor escribió a .* por medio de Foster Care Network$/);
    expect(es.text).toContain('Hola, Paula:');
    expect(es.text).toContain('Lo envió un visitante que no había iniciado sesión.');
    // What the visitor wrote is sent as they wrote it.
    expect(es.text).toContain('> We would like to help.');
    const en = await onlyMail(english.email, MAIL_FORMS.churchContact);
    expect(en.text).toContain('Hello Peter,');
    expect(en.text).toContain('Sent by a visitor who was not signed in.');
  });

  it('mails the team a proposal in the language of the team’s account', async () => {
    const team = await insertMember(t.db, { email: STAFF_EMAIL });
    await speaksSpanish(team.id);
    const m = await signedInMember(t, { prefix: 'en-proposes' });
    const input = proposal({ pointPerson: true });
    await expectJson(await m.c.post('/api/churches/proposals', input), 201);
    const items = (await mailsTo(t.db, STAFF_EMAIL, MAIL_FORMS.churchProposal)).filter((i) => i.message.subject.includes(input.name));
    expect(items).toHaveLength(1);
    expect(items[0]!.message.subject).toBe(`Se propuso una iglesia: ${input.name}, Springfield MO`);
    expect(items[0]!.message.text).toContain('Quien la propuso se ofrece a mantener su página.');
  });

  it('frames a point person’s message to the members in each member’s language, the message itself as written', async () => {
    const keeper = await signedInMember(t, { prefix: 'en-keeper' });
    const spanish = await insertMember(t.db, { firstName: 'Rosa' });
    const english = await insertMember(t.db, { firstName: 'Ruth' });
    await speaksSpanish(spanish.id);
    const name = `${uniqueTag('Members')} Church`;
    const id = await insertChurch(t.db, { name, pointPersons: [keeper.id], members: [spanish.id, english.id] });
    await expectJson(await keeper.c.post(`/api/churches/${id}/members/message`, { message: 'Respite night on Friday.' }), 202);

    const es = await onlyMail(spanish.email, MAIL_FORMS.churchMembersMessage);
    expect(es.subject).toContain(`escribió a los miembros de ${name}`);
    expect(es.text).toContain('Hola, Rosa:');
    expect(es.text).toContain('> Respite night on Friday.');
    expect(es.text).toContain(`Recibe este mensaje porque pertenece a ${name} en la red.`);
    const en = await onlyMail(english.email, MAIL_FORMS.churchMembersMessage);
    expect(en.subject).toContain(`wrote to the members of ${name}`);
    expect(en.text).toContain('Hello Ruth,');
  });
});
