import { beforeAll, describe, expect, it } from 'vitest';
import { testClock, useTestApp } from '../testing/app';
import { seedStateStats } from './service';
import { churchMember } from '../db/schema';
import { pdfText } from '../testing/pdf-text';
import { insertChurch, insertMember } from '../testing/factories';

/** Members who belong (confirmed) to one church at this ZIP code: the network's figures are its churches'. */
async function churchWith(zip: string, members: Array<Parameters<typeof insertMember>[1]>) {
  const ids = [];
  for (const m of members) ids.push((await insertMember(t.db, m)).id);
  await insertChurch(t.db, { zip, members: ids });
  await t.announce({ topic: 'churches' });
}

const clock = testClock(new Date('2026-03-14T15:00:00Z'));
const t = useTestApp({ clock });
beforeAll(async () => {
  await seedStateStats(t.db);
});

async function sheet(code: string, headers?: Record<string, string>) {
  const res = await t.client().api.states[':code']['fact-sheet.pdf'].$get({ param: { code } }, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Text with runs of white space made single spaces, so assertions do not depend on line breaks. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('GET /api/states/:code/fact-sheet.pdf', () => {
  it('says "fewer than 3" instead of figures that would identify one member (issue 12, defect 7)', async () => {
    await churchWith('82001', [{ state: 'WY', fosterParent: 'Yes', numberOfFosterKids: 4 }]);
    const text = flat(await pdfText((await sheet('WY')).bytes));
    expect(text).toMatch(/Members of these churches\s*fewer than 3/);
    expect(text).toMatch(/Foster families\s*not shown/);
    expect(text).toMatch(/Foster children cared for\s*not shown/);
    expect(text).not.toMatch(/Foster children cared for\s*4/);
  });

  it("is a PDF whose text names the state, its count with its source and year, the target, the network's figures, the date and the source", async () => {
    await churchWith('03301', [
      { state: 'NH', fosterParent: 'Yes', numberOfFosterKids: 2 },
      { state: 'NH', fosterParent: 'No', numberOfFosterKids: 0 },
      { state: 'NH', fosterParent: 'No', numberOfFosterKids: null },
    ]);
    const { res, bytes } = await sheet('NH');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="new-hampshire-foster-care-fact-sheet.pdf"');
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');

    const text = flat(await pdfText(bytes));
    expect(text).toContain('New Hampshire');
    expect(text).toContain('1,211');
    // The count says who counted and for which year, not the day the sheet is printed (issue 29).
    expect(text).toContain('Children in foster care, AFCARS FY2021');
    expect(text).toContain('In New Hampshire, AFCARS FY2021');
    expect(text).not.toContain('as of March 14, 2026');
    expect(text).toMatch(/Network target \(5%\)\s*61/i);
    expect(text).toMatch(/Churches in the network\s*1\b/);
    expect(text).toMatch(/Members of these churches\s*3\b/);
    expect(text).toMatch(/Foster families\s*1\b/);
    expect(text).toMatch(/Foster children cared for\s*2\b/);
    expect(text).toContain('March 14, 2026');
    expect(text).toContain('Casey Family Programs');
    expect(text).toContain('https://www.casey.org/media/new-hampshire-fact-sheet-2021.pdf');
  });

  it('accepts the code in lower case', async () => {
    const { res } = await sheet('ma');
    expect(res.status).toBe(200);
    expect(flat(await pdfText((await sheet('ma')).bytes))).toContain('9,831');
  });

  it('has one for the United States', async () => {
    const { res, bytes } = await sheet('US');
    expect(res.status).toBe(200);
    const text = flat(await pdfText(bytes));
    expect(text).toContain('United States');
    expect(text).toContain('410,308');
    expect(text).toContain('20,516');
  });

  it('says "not available" for DC, never 0', async () => {
    const text = flat(await pdfText((await sheet('DC')).bytes));
    expect(text).toContain('District of Columbia');
    expect(text).toMatch(/Children in foster care\s*not available/i);
    expect(text).not.toMatch(/Children in foster care\s*0\b/i);
  });

  it('answers 404 JSON for a code it does not know', async () => {
    for (const code of ['ZZ', 'NONE', 'P', 'new-hampshire']) {
      const { res } = await sheet(code);
      expect(res.status, code).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const { bytes } = await sheet('XX');
    expect(JSON.parse(new TextDecoder().decode(bytes))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is cacheable: an ETag by data and day, 304 when unchanged, a new one when the data or the day change', async () => {
    const first = (await sheet('VT')).res;
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = (await sheet('VT', { 'if-none-match': etag })).res;
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    // A church joins: the sheet counts it.
    const vermonters = [await insertMember(t.db, { state: 'VT', fosterParent: 'Yes', numberOfFosterKids: 1 })];
    const vermont = await insertChurch(t.db, { zip: '05602', members: vermonters.map((m) => m.id) });
    await t.announce({ topic: 'churches' });
    const hidden = (await sheet('VT', { 'if-none-match': etag })).res;
    expect(hidden.status).toBe(200);
    const withChurch = hidden.headers.get('etag')!;
    // A member more behind figures still hidden (2 of 3) changes nothing a visitor gets, not even the ETag.
    const now = new Date();
    const second = await insertMember(t.db, { state: 'VT' });
    await t.db.insert(churchMember).values({ uid: second.id, churchId: vermont, status: 'confirmed', claimedAt: now, confirmedAt: now });
    await t.announce({ topic: 'churches' });
    expect((await sheet('VT', { 'if-none-match': withChurch })).res.status).toBe(304);
    const third = await insertMember(t.db, { state: 'VT' });
    await t.db.insert(churchMember).values({ uid: third.id, churchId: vermont, status: 'confirmed', claimedAt: now, confirmedAt: now });
    await t.announce({ topic: 'churches' });
    const changed = (await sheet('VT', { 'if-none-match': withChurch })).res;
    expect(changed.status).toBe(200);
    const etag2 = changed.headers.get('etag')!;
    expect(etag2).not.toBe(etag);

    clock.advance(24 * 60 * 60 * 1000);
    try {
      const nextDay = await sheet('VT', { 'if-none-match': etag2 });
      expect(nextDay.res.status).toBe(200);
      expect(flat(await pdfText(nextDay.bytes))).toContain('March 15, 2026');
    } finally {
      clock.advance(-24 * 60 * 60 * 1000);
    }
  });

  it('is said in Spanish to a Spanish asker: every word, the date and the numbers, accents and all', async () => {
    const { res, bytes } = await sheet('NM', { 'accept-language': 'es-MX,es;q=0.9' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('es');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="[a-z-]+-hoja-informativa-cuidado-de-crianza\.pdf"$/);
    const text = flat(await pdfText(bytes));
    expect(text).toContain('FOSTER CARE NETWORK | HOJA INFORMATIVA');
    expect(text).toContain('Niños en cuidado de crianza, AFCARS FY2021');
    expect(text).toMatch(/Meta de la red \(5%\)\s*\d/i);
    expect(text).toMatch(/Iglesias de la red\s*\d/);
    expect(text).toContain('Cómo pueden ayudar las iglesias');
    expect(text).toContain('Únase a la red:');
    expect(text).toContain('Fuente: Hojas informativas estatales de Casey Family Programs');
    expect(text).toContain('una meta de unos 20,000 niños en todo el país');
    expect(text).not.toContain('Children in foster care');
    expect(text).not.toContain('How churches can help');
  });

  it('is in the language its link names (?lang=es), whatever the browser asks, and each language has its own ETag', async () => {
    const english = await sheet('OR', { 'accept-language': 'en' });
    expect(english.res.headers.get('content-language')).toBe('en');
    expect(flat(await pdfText(english.bytes))).toContain('Children in foster care, AFCARS FY2021');

    const named = await t.client().get('/api/states/OR/fact-sheet.pdf?lang=es', { 'accept-language': 'en' });
    expect(named.status).toBe(200);
    expect(named.headers.get('content-language')).toBe('es');
    // The address alone decides the language: no Vary on the asker's headers.
    expect(named.headers.get('vary') ?? '').not.toMatch(/Accept-Language/);
    expect(flat(await pdfText(new Uint8Array(await named.arrayBuffer())))).toContain('Niños en cuidado de crianza');
    expect(named.headers.get('etag')).not.toBe(english.res.headers.get('etag'));

    // A copy kept in English is not good for a Spanish asker, and the other way round.
    const asSpanish = await sheet('OR', { 'accept-language': 'es', 'if-none-match': english.res.headers.get('etag')! });
    expect(asSpanish.res.status).toBe(200);
    expect(flat(await pdfText(asSpanish.bytes))).toContain('Nuestra red en Oregón');
    const again = await sheet('OR', { 'accept-language': 'en', 'if-none-match': english.res.headers.get('etag')! });
    expect(again.res.status).toBe(304);
  });

  it("follows the switcher's cookie, and answers its 404 in Spanish", async () => {
    const c = t.client();
    c.jar.set('lang', 'es');
    const res = await c.api.states[':code']['fact-sheet.pdf'].$get({ param: { code: 'DC' } });
    const text = flat(await pdfText(new Uint8Array(await res.arrayBuffer())));
    expect(text).toMatch(/Niños en cuidado de crianza\s*no disponible/i);
    // The name itself is the frame's message (src/shared/states.ts); the article is the sheet's.
    expect(text).toMatch(/En el (Distrito de Columbia|District of Columbia)/);
    const missing = await c.api.states[':code']['fact-sheet.pdf'].$get({ param: { code: 'XX' } });
    expect(await missing.json()).toEqual({ code: 'NOT_FOUND', message: 'No hay ninguna hoja informativa para XX.' });
    const english = await t.client().api.states[':code']['fact-sheet.pdf'].$get({ param: { code: 'XX' } });
    expect(await english.json()).toEqual({ code: 'NOT_FOUND', message: 'There is no fact sheet for XX.' });
  });

  it('is fast: well under a second, and repeat requests come from the cache', async () => {
    const started = performance.now();
    expect((await sheet('TX')).res.status).toBe(200);
    const firstMs = performance.now() - started;
    const again = performance.now();
    expect((await sheet('TX')).res.status).toBe(200);
    const repeatMs = performance.now() - again;
    expect(firstMs).toBeLessThan(1000);
    expect(repeatMs).toBeLessThan(1000);
  });
});
