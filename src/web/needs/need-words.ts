import type { I18n } from '@lingui/core';
import { NEED_NAMELESS } from '../../shared/needs';

// Words the needs pages share, in the page's language (decision 043).

/** Whole dollars as the language writes them ("$1,200"). */
export const dollars = (i18n: I18n, n: number) => i18n.number(n, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** An item asked for ("Twin bunk bed × 1, about $300 each"); time given has no money value, and no "about $0". */
export const itemLine = (i18n: I18n, item: { name: string; quantity: number; unitValue: number }) =>
  item.unitValue > 0
    ? i18n._('{item} × {quantity}, about {value} each', { item: item.name, quantity: item.quantity, value: dollars(i18n, item.unitValue) })
    : i18n._('{item} × {quantity}', { item: item.name, quantity: item.quantity });

/** A first name as the server gave it; its stand-in for no name ("A member") in the page's language. */
export const personName = (i18n: I18n, name: string) =>
  name === NEED_NAMELESS.member ? i18n._(NEED_NAMELESS.member) : name === NEED_NAMELESS.former ? i18n._(NEED_NAMELESS.former) : name;

/** A date and time ("Mar 4, 2026, 3:05 PM") in the page's language, in the reader's time zone. */
export const dateTime = (i18n: I18n, iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
