import { i18n } from '../i18n/i18n';

/** A count with the language's thousands separators; an unknown count reads "not available", never 0. */
export function formatCount(n: number | null): string {
  return n === null ? i18n._('not available') : i18n.number(n);
}
