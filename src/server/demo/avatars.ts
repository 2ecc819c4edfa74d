import { createAvatar } from '@dicebear/core';
import * as notionists from '@dicebear/notionists';
import * as openPeeps from '@dicebear/open-peeps';
import { and, inArray, isNull, like, eq } from 'drizzle-orm';
import { churchPhotoKey } from '../churches';
import { church, profile, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { processPhoto } from '../profiles';
import { photoKey } from '../storage/storage';
import { DEMO_CHURCH_NAMES } from './churches';

// Illustrated avatars for the demo members and churches (issue 29, decision 048): a blank circle on every card made
// the demo look empty. DiceBear's Open Peeps (people) and Notionists (a church's face) are CC0 drawings, drawn here
// from each one's address or name, so a member keeps the same face across restarts. They take the path an upload
// takes (processPhoto: a 512 × 512 JPEG without metadata), so the pages show them as they show any photo. Only
// what has no photo gets one: a photo a tester uploaded stays; one a tester removed is drawn again at the next start.

/** The brand's light tints behind the drawings (open-peeps and notionists draw in black lines on transparency). */
const BACKGROUNDS = ['d9f2f2', 'fdf0c4', 'fbe1dc', 'e4ecf7'];

const DEMO_DOMAIN = '%@demo.example.org';

async function drawn(svg: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  // sharp reads SVG but the photo pipeline takes what a browser uploads (JPEG, PNG, WebP): a PNG in between.
  return processPhoto(await sharp(Buffer.from(svg)).resize(512, 512).png().toBuffer());
}

/** Gives every demo member and demo church without a photo its drawing; how many it drew. */
export async function seedDemoAvatars(deps: Pick<AppDeps, 'database' | 'storage'>): Promise<{ created: number }> {
  const db = deps.database.db;
  let created = 0;
  const members = await db
    .select({ uid: profile.uid, email: user.email })
    .from(profile)
    .innerJoin(user, eq(user.id, profile.uid))
    .where(and(like(user.email, DEMO_DOMAIN), isNull(profile.photoVersion)));
  for (const m of members) {
    const svg = createAvatar(openPeeps, { seed: m.email, backgroundColor: BACKGROUNDS, size: 512 }).toString();
    await deps.storage.put(photoKey(m.uid), await drawn(svg), 'image/jpeg');
    await db.update(profile).set({ photoVersion: 1 }).where(eq(profile.uid, m.uid));
    created++;
  }
  const churches = await db
    .select({ id: church.id, name: church.name })
    .from(church)
    .where(and(inArray(church.name, DEMO_CHURCH_NAMES), isNull(church.photoVersion)));
  for (const c of churches) {
    const svg = createAvatar(notionists, { seed: c.name, backgroundColor: BACKGROUNDS, size: 512 }).toString();
    await deps.storage.put(churchPhotoKey(c.id), await drawn(svg), 'image/jpeg');
    await db.update(church).set({ photoVersion: 1 }).where(eq(church.id, c.id));
    created++;
  }
  return { created };
}
