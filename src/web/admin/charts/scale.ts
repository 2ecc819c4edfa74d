/** A round upper bound and step for an axis from 0 to `max`: 0, 5, 10, 15, 20 rather than 0, 4.6, 9.2 … */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (max <= 0) return { top: ticks, step: 1 };
  const rough = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const wholeStep = Math.max(1, step);
  return { top: Math.ceil(max / wholeStep) * wholeStep, step: wholeStep };
}

const numberFormat = new Intl.NumberFormat('en-US');
export const formatNumber = (n: number) => numberFormat.format(n);

/** Cuts a label to fit a column of the chart; the table below it has the whole text. */
export function clip(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, Math.max(1, maxChars - 1))}…` : text;
}
