// How the admin pages write times, handed to i18n.date so they read in the page's language (decision 043).

/** "Mar 4, 2026, 3:05 PM" (es: "4 mar 2026, 3:05 p.m."), in the reader's time zone. */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "Mar 4, 2026": the day alone. */
export const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * A phone number as people read it: ten digits (or eleven after the country's 1) in the U.S. form,
 * "(417) 555-0110"; anything else, an international number for one, exactly as the member typed it.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const isUsShape = /^[\d\s().+-]+$/.test(phone) && (digits.length === 10 || (digits.length === 11 && digits.startsWith('1')));
  return isUsShape ? `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}` : phone;
}
