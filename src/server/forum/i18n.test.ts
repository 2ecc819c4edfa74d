import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { user } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { useTestApp } from '../testing/app';
import { buildPost, expectJson, insertMember, mailsTo, signedInMember, uniqueTag } from '../testing/factories';

// The forum's seeded categories in the team's mail (issue 28): the new-post alert names the post's category in
// the language of the team's account, a seeded one translated, a member's own as written.

const STAFF_EMAIL = 'forum.i18n.team@example.org';
const t = useTestApp({ config: { staffEmail: STAFF_EMAIL } });

/** The team's alert of the post titled `title`. */
async function alertOf(title: string) {
  const items = (await mailsTo(t.db, STAFF_EMAIL, MAIL_FORMS.newPostAlert)).filter((i) => i.message.subject.includes(title));
  expect(items).toHaveLength(1);
  return items[0]!.message;
}

describe('the new-post alert’s category', () => {
  it('is a seeded category in the team’s language, and a member’s own as written', async () => {
    const m = await signedInMember(t, { profile: { firstName: 'Ruth', lastName: 'Nguyen' } });
    const before = `Before ${uniqueTag('')}`;
    await expectJson(await m.c.post('/api/posts', buildPost({ title: before, category: 'Prayer requests' })), 201);
    expect((await alertOf(before)).text).toContain('posted in "Prayer requests" on the Foster Care Network forum:');

    const team = await insertMember(t.db, { email: STAFF_EMAIL });
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, team.id));
    const seeded = `Seeded ${uniqueTag('')}`;
    await expectJson(await m.c.post('/api/posts', buildPost({ title: seeded, category: 'Prayer requests' })), 201);
    const spanish = await alertOf(seeded);
    expect(spanish.text).toContain('publicó en "Peticiones de oración" en el foro de Foster Care Network:');
    expect(spanish.text).not.toContain('Prayer requests');

    const own = `Own ${uniqueTag('')}`;
    const category = `Meals ${uniqueTag('')}`;
    await expectJson(await m.c.post('/api/posts', buildPost({ title: own, category })), 201);
    expect((await alertOf(own)).text).toContain(`publicó en "${category}" en el foro`);
  });
});
