import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MY_DATA_DOWNLOADS_PER_HOUR } from '../../shared/limits';
import {
  calendarFeed,
  careClaim,
  carePost,
  categoryFollow,
  churchMember,
  needAlert,
  needCommitment,
  notification,
  post,
} from '../db/schema';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../testing/app';
import {
  authorOf,
  expectJson,
  insertCareTask,
  insertCareTeam,
  insertChurch,
  insertClearance,
  insertMail,
  insertNeed,
  insertPost,
  insertResponse,
  jpegBytes,
  fileBlob,
  signedInMember,
  uploadPhoto,
  uniqueEmail,
  type SignedUpMember,
} from '../testing/factories';

// "Your data" (issue 29): one member's archive holds every kind of record a member can create, and nothing of
// anybody else's: neither another member's records, nor their address, nor a family's details.

const t = useTestApp();

/** Every kind of record a member can leave on the site, each marked with `tag` so its text can be found again. */
async function leaveRecords(m: SignedUpMember, tag: string, others: { email: string }) {
  const author = authorOf(m, { firstName: `${tag}first`, lastName: `${tag}last` });
  const postId = await insertPost(t.deps, author, { title: `${tag} post title`, body: `${tag} post body` });
  await insertResponse(t.deps, author, postId, { body: `${tag} response body` });
  const [row] = await t.db.select({ category: post.postCategory }).from(post).where(eq(post.id, postId));
  await t.db.insert(categoryFollow).values({ uid: m.id, categoryId: row!.category });
  const needs = await insertNeed(t.db, { askerUid: m.id, title: `${tag} need title`, description: `${tag} need description` });
  await t.db
    .insert(needAlert)
    .values({ uid: m.id, zip: '65802', latitude: 37.2, longitude: -93.3, radiusMiles: 30, createdAt: new Date() });
  // A team where the member is the family, with their practical details, their task and a post.
  const teamId = await insertCareTeam(t.db, m.id, { address: `${tag} family address`, food: `${tag} food` });
  const taskId = await insertCareTask(t.db, teamId, { title: `${tag} task title`, notes: `${tag} task notes`, createdBy: m.id });
  await t.db.insert(carePost).values({ teamId, authorUid: m.id, kind: 'update', body: `${tag} care post`, createdAt: new Date() });
  await insertClearance(t.db, m.id, 'training');
  await t.db.insert(calendarFeed).values({ uid: m.id, tokenHash: `${tag}-hash`, createdAt: new Date() });
  await t.db.insert(notification).values({ recipientUid: m.id, kind: 'response', actorName: 'A reader', postId, careText: null });
  await insertMail(t.db, {
    form: 'email verification',
    to: m.email,
    message: { subject: `${tag} mail subject`, text: `${tag} mail text`, html: '' },
  });
  // A message the member wrote to the other: its text is theirs, the other's address is not.
  await insertMail(t.db, {
    form: 'member message',
    to: others.email,
    replyTo: m.email,
    message: { subject: 'A message', text: `${tag} message written`, html: '' },
  });
  await t.db.insert(churchMember).values({ uid: m.id, churchId: await insertChurch(t.db), status: 'claimed', claimedAt: new Date() });
  return { postId, needId: needs.id, itemId: needs.itemIds[0]!, teamId, taskId };
}

describe('GET /api/me/data: "Your data"', () => {
  it("holds every kind of record the member created, and nobody else's", async () => {
    const a = await signedInMember(t, { profile: { comments: 'ALPHA profile comments' } });
    const b = await signedInMember(t, { profile: { comments: 'BRAVO profile comments', phone: '4175559999' } });
    // Bravo first: Alpha's follows, made later, bring none of Bravo's words into Alpha's notifications. (What the
    // site did deliver to Alpha, such as Bravo's message, is Alpha's mail; this test keeps the two apart.)
    const bravo = await leaveRecords(b, 'BRAVO', { email: uniqueEmail('third') });
    const alpha = await leaveRecords(a, 'ALPHA', b);
    expect((await uploadPhoto(t, a.c, fileBlob(await jpegBytes()))).status).toBe(200);
    // Alpha helps on Bravo's team and responds to a need of Bravo's: the claim and the commitment are Alpha's (the
    // task's title and the need's title, which Alpha sees, name them); the family's details, the task's notes and
    // the need's description are not.
    const claimed = await insertCareTask(t.db, bravo.teamId, {
      title: 'Meal on Friday',
      notes: 'BRAVO notes for cleared helpers',
      createdBy: b.id,
    });
    await t.db.insert(careClaim).values({ taskId: claimed, uid: a.id, occursOn: null, createdAt: new Date() });
    const coats = await insertNeed(t.db, { askerUid: b.id, title: 'Winter coats', description: 'BRAVO coats description' });
    await t.db
      .insert(needCommitment)
      .values({ needId: coats.id, itemId: coats.itemIds[0]!, uid: a.id, quantity: 1, createdAt: new Date() });

    const res = await a.c.get('/api/me/data');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="your-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'account.json',
      'care-teams.json',
      'clearances.json',
      'mail.json',
      'needs.json',
      'notifications.json',
      'photo.jpg',
      'posts.json',
    ]);
    expect([...files['photo.jpg']!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const text = Object.entries(files)
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');

    for (const own of [
      a.id,
      a.email,
      'ALPHA profile comments',
      'ALPHA post title',
      'ALPHA post body',
      'ALPHA response body',
      'ALPHA need title',
      'ALPHA need description',
      'ALPHA family address',
      'ALPHA food',
      'ALPHA task title',
      'ALPHA task notes',
      'ALPHA care post',
      'ALPHA mail subject',
      'ALPHA mail text',
      'ALPHA message written',
    ]) {
      expect(text, own).toContain(own);
    }
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>;
    expect(json('clearances.json')).toHaveLength(1);
    expect(json('notifications.json')).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'response', postId: alpha.postId })]),
    );
    expect(json('account.json')).toMatchObject({ needAlert: { zip: '65802' }, church: { status: 'claimed' } });
    expect(json('posts.json')).toMatchObject({ followedCategories: [{}] });
    expect(json('care-teams.json')).toMatchObject({ claims: [{ taskId: claimed, task: 'Meal on Friday' }] });
    expect(json('needs.json')).toMatchObject({ commitments: [{ needId: coats.id, need: 'Winter coats', quantity: 1 }] });

    // Nothing of Bravo's: not their id, address, phone or any of their words; no token's hash either.
    for (const theirs of [b.id, b.email, '4175559999', 'BRAVO', 'ALPHA-hash']) expect(text, theirs).not.toContain(theirs);
  });

  it('is for the signed-in member only, and limited per hour', async () => {
    expect((await t.client().get('/api/me/data')).status).toBe(401);
    const m = await signedInMember(t);
    for (let i = 0; i < MY_DATA_DOWNLOADS_PER_HOUR; i++) expect((await m.c.get('/api/me/data')).status).toBe(200);
    const over = await m.c.get('/api/me/data');
    expect(over.status).toBe(429);
    expect((await expectJson<{ message: string }>(over, 429)).message).toBe(
      `You can download your data up to ${MY_DATA_DOWNLOADS_PER_HOUR} times an hour. Please try again later.`,
    );
  });
});
