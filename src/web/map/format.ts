const numberFormat = new Intl.NumberFormat('en-US');

/** A count with thousands separators; an unknown count reads "not available", never 0. */
export function formatCount(n: number | null): string {
  return n === null ? 'not available' : numberFormat.format(n);
}
