import { describe, expect, it } from 'vitest';
import { mail } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { makeDueDigests } from '../notifications';
import { testClock, useTestApp } from '../testing/app';
import { DEMO_ADMIN, seedDemo } from './seed';
import { seedDemoForum } from './forum';

// What a member with the default settings (replies by mail on, a weekly digest) receives in a week of the
// demo forum (issue 16): its three conversations are written on a Tuesday, and the digest job runs the next
// Monday after 13:00 UTC. The figures of the closing note come from here.

const clock = testClock(new Date('2031-03-04T09:00:00Z')); // a Tuesday
const t = useTestApp({ clock });

const short = (email: string) => email.replace('@demo.example.org', '');

async function mailByMember(forms: string[]): Promise<Record<string, string[]>> {
  const rows = await t.db.select({ to: mail.to, form: mail.form, subject: mail.message }).from(mail);
  const out: Record<string, string[]> = {};
  for (const r of rows.filter((r) => forms.includes(r.form)).sort((a, b) => a.form.localeCompare(b.form))) {
    (out[short(r.to)] ??= []).push(r.form === MAIL_FORMS.digest ? r.subject.subject : r.form);
  }
  return out;
}

describe('a week of the demo forum, for members with the default settings', () => {
  it('brings each member a mail per response to their own posts or posts they answered, and one weekly digest', async () => {
    await seedDemo(t.db, t.auth);
    await seedDemoForum(t.deps);
    const atOnce = [MAIL_FORMS.notifyResponse, MAIL_FORMS.notifyFollowedResponse];
    expect(await mailByMember(atOnce)).toEqual({
      // Ruth answered Hannah's training post.
      'hannah.lee': ['notification: response'],
      // Samuel, then Grace, answered Daniel's question; Samuel, who had answered it, hears of Grace's answer.
      'daniel.ortiz': ['notification: response', 'notification: response'],
      'samuel.brooks': ['notification: followed response'],
      // Hannah answered Grace's prayer request.
      'grace.miller': ['notification: response'],
      // Daniel answered María's question (in Spanish: people write in the language they like, issue 28).
      'maria.santos': ['notification: response'],
    });

    // Nothing until the week's digest is due: Monday, 13:00 UTC.
    const digests = { runDue: () => makeDueDigests(t.deps, { instance: 'demo-week' }) };
    clock.set(new Date('2031-03-10T12:59:00Z'));
    expect((await digests.runDue()).sent).toBe(0);
    clock.set(new Date('2031-03-10T13:05:00Z'));
    expect(await digests.runDue()).toMatchObject({ sent: 11, failed: 0 });
    // The four conversations, less a member's own post; nobody follows a category by default.
    expect(await mailByMember([MAIL_FORMS.digest])).toEqual({
      [short(DEMO_ADMIN.email)]: ['Your weekly forum digest: 4 posts for you'],
      'grace.miller': ['Your weekly forum digest: 3 posts for you'],
      'daniel.ortiz': ['Your weekly forum digest: 3 posts for you'],
      'ruth.nguyen': ['Your weekly forum digest: 4 posts for you'],
      'samuel.brooks': ['Your weekly forum digest: 4 posts for you'],
      'hannah.lee': ['Your weekly forum digest: 3 posts for you'],
      'james.walker': ['Your weekly forum digest: 4 posts for you'],
      // The members of the demo churches, who wrote nothing in the forum.
      'tom.baker': ['Your weekly forum digest: 4 posts for you'],
      'linda.park': ['Your weekly forum digest: 4 posts for you'],
      'maria.santos': ['Your weekly forum digest: 3 posts for you'],
      'peter.olsen': ['Your weekly forum digest: 4 posts for you'],
    });

    // A quiet week after it sends nothing more: no post is in two digests.
    clock.set(new Date('2031-03-17T13:05:00Z'));
    expect(await digests.runDue()).toMatchObject({ sent: 0 });
  });
});
