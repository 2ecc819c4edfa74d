import { isLocale, LOCALE_TAGS } from '../../../shared/i18n/locale';

/** A round upper bound and step for an axis from 0 to `max`: 0, 5, 10, 15, 20 rather than 0, 4.6, 9.2 … */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (max <= 0) return { top: ticks, step: 1 };
  const rough = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const wholeStep = Math.max(1, step);
  return { top: Math.ceil(max / wholeStep) * wholeStep, step: wholeStep };
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A figure as the page's language writes it ("1,234"); `locale` is i18n.locale ('en' or 'es'). */
export function formatNumber(n: number, locale: string = 'en'): string {
  const tag = isLocale(locale) ? LOCALE_TAGS[locale] : LOCALE_TAGS.en;
  let format = numberFormats.get(tag);
  if (!format) numberFormats.set(tag, (format = new Intl.NumberFormat(tag)));
  return format.format(n);
}

/** Cuts a label to fit a column of the chart; the table below it has the whole text. */
export function clip(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, Math.max(1, maxChars - 1))}…` : text;
}
