// How the admin pages write times, handed to i18n.date so they read in the page's language (decision 043).

/** "Mar 4, 2026, 3:05 PM" (es: "4 mar 2026, 3:05 p.m."), in the reader's time zone. */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "Mar 4, 2026": the day alone. */
export const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
