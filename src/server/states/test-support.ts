import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { profile, user } from '../db/schema';

type MemberOverrides = Partial<typeof profile.$inferInsert> & { email?: string };

let counter = 0;

/** A member with a saved profile (unless `savedAt: null`), written straight to the database. */
export async function insertMember(db: Db, overrides: MemberOverrides = {}) {
  const id = randomUUID();
  const email = overrides.email ?? `member.${process.pid}.${++counter}.${id.slice(0, 8)}@example.org`;
  await db.insert(user).values({ id, name: '', email });
  await db.insert(profile).values({
    firstName: 'Test',
    lastName: `Member ${counter}`,
    phone: '5550100',
    state: 'NONE',
    savedAt: new Date(),
    fosterParent: 'No',
    numberOfFosterKids: 0,
    ...overrides,
    uid: id,
    email,
  });
  return { id, email };
}

/** The text of every page of a PDF, as a reader would extract it (pdf.js, the legacy build for Node). */
export async function pdfText(data: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of the buffer it is given; hand it a copy.
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    return pages.join('\n\f');
  } finally {
    await doc.destroy();
  }
}
