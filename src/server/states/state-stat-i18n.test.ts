import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app';
import { signedInAdmin } from '../testing/factories';

// The per-state figures' own messages (src/shared/state-stat.ts) in the asker's language (issue 28): an admin
// who chose Spanish (or whose browser asks for it) reads why a correction was refused in Spanish; others, in the
// exact English.

const t = useTestApp({ config: { adminEmails: ['states.i18n@example.org', 'states.i18n.es@example.org'] } });

describe("PUT /api/admin/states/:code's refusals", () => {
  it("are in the admin's language", async () => {
    const english = (await signedInAdmin(t, { email: 'states.i18n@example.org', profile: null })).c;
    const spanish = (await signedInAdmin(t, { email: 'states.i18n.es@example.org', profile: null })).c;
    expect((await spanish.request('PUT', '/api/locale', { locale: 'es' })).status).toBe(200);

    const refusal = async (c: typeof english, body: unknown, headers?: Record<string, string>) => {
      const res = await c.request('PUT', '/api/admin/states/NH', body, headers);
      expect(res.status).toBe(400);
      return ((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors;
    };
    const named = { countSource: 'AFCARS', countYear: 2021 };
    expect(await refusal(english, { count: -1, sourceUrl: null, ...named })).toEqual({ count: 'A count cannot be negative' });
    // One who chose no language reads the browser's; a saved choice outweighs what the browser asks for.
    expect(await refusal(english, { count: -1, sourceUrl: null, ...named }, { 'accept-language': 'es-US,es;q=0.9' })).toEqual({
      count: 'La cifra no puede ser negativa',
    });
    expect(await refusal(spanish, { count: -1, sourceUrl: null, ...named }, { 'accept-language': 'en' })).toEqual({
      count: 'La cifra no puede ser negativa',
    });
    expect(await refusal(english, { count: 3_000_000, sourceUrl: 'ftp://example.org/x', ...named })).toEqual({
      count: 'A count is at most 2,000,000',
      sourceUrl: 'Enter an http or https address',
    });
    expect(await refusal(spanish, { count: 3_000_000, sourceUrl: 'ftp://example.org/x', ...named })).toEqual({
      count: 'La cifra no puede pasar de 2,000,000',
      sourceUrl: 'Escriba una dirección http o https',
    });
    expect(await refusal(spanish, { count: 1, sourceUrl: null, countSource: null, countYear: 1990 })).toEqual({
      countYear: 'Escriba un año desde 1995',
    });
  });
});
