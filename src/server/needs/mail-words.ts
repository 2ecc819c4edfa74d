import type { I18n } from '../i18n';

// Words the needs board's mail shares, in the recipient's language (decision 043).

/** The stand-in for a person with no first name on file ("Hello there,"). */
export const NO_FIRST_NAME = 'there';

/** A mail's first line: the recipient's first name, or a greeting without one. */
export const hello = (i18n: I18n, firstName: string) =>
  firstName === NO_FIRST_NAME ? i18n._('Hello there,') : i18n._('Hello {firstName},', { firstName });

/** "Bunk bed: 2 of 4": what a commitment is, under the need's title. */
export const committedLine = (i18n: I18n, item: { name: string }, quantity: number, asked: number) =>
  i18n._('{item}: {quantity} of {asked}', { item: item.name, quantity, asked });

/** Whole dollars as the language writes them ("$1,200"). */
export const dollars = (i18n: I18n, n: number) => i18n.number(n, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
