import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, negotiateLocale } from './locale';

describe('choosing a language (decision 043)', () => {
  it('reads Accept-Language by weight, region and case aside, and ignores languages the site does not have', () => {
    expect(localeFromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9,es;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('fr-FR, ES;q=0.5, en;q=0.4')).toBe('es');
    expect(localeFromAcceptLanguage('en;q=0.2, es;q=0.7')).toBe('es');
    expect(localeFromAcceptLanguage('es;q=0, en;q=0.1')).toBe('en');
    expect(localeFromAcceptLanguage('fr, de')).toBeUndefined();
    expect(localeFromAcceptLanguage('')).toBeUndefined();
    expect(localeFromAcceptLanguage(null)).toBeUndefined();
    expect(localeFromAcceptLanguage('*')).toBeUndefined();
  });

  it('takes the saved preference, then the choice, then the browser, then English', () => {
    expect(negotiateLocale({ saved: 'en', chosen: 'es', acceptLanguage: 'es' })).toBe('en');
    expect(negotiateLocale({ saved: null, chosen: 'es', acceptLanguage: 'en' })).toBe('es');
    expect(negotiateLocale({ saved: null, chosen: undefined, acceptLanguage: 'es-US' })).toBe('es');
    expect(negotiateLocale({ saved: 'xx', chosen: 'pseudo', acceptLanguage: 'fr' })).toBe('en');
    expect(negotiateLocale({})).toBe('en');
  });
});
