import type { AdminProfile } from '../../shared/admin';

// CSV as RFC 4180 describes it (CRLF line ends; a field holding a comma, a quote or a line break, and here
// also a semicolon or a tab, is quoted, its quotes doubled), UTF-8 with a byte-order mark so spreadsheet
// programs read accents right.

export type CsvCell = string | number | boolean | null;

export const CSV_BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell that begins with = + - @ (or a tab, carriage return or line feed before one) as a
 * formula: a member could write `=HYPERLINK(…)` into a profile field and have it run on an admin's computer.
 * Such text is prefixed with ' so it shows as written and never runs (OWASP, CSV Injection).
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;

/**
 * Quoted: what RFC 4180 asks for (comma, quote, line break), and the other separators a spreadsheet may split
 * on besides the comma (';' and tab: LibreOffice's import offers all three at once). Unquoted,
 * `Springfield;=HYPERLINK(…)` would become two cells there, the second a formula the prefix above never saw;
 * quoted, the cell starts with its quote whichever of them the program splits on (OWASP, CSV Injection:
 * "take care of the field separator (e.g., ',' or ';')").
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly CsvCell[][]): string {
  const line = (cells: readonly CsvCell[]) => cells.map(csvCell).join(',');
  return `${CSV_BOM}${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
}

/** Every field of product.md §4.2 "User profile", in its order and under its names. */
export const PROFILE_CSV_COLUMNS: ReadonlyArray<readonly [string, (p: AdminProfile) => CsvCell]> = [
  ['uid', (p) => p.uid],
  ['email', (p) => p.email],
  ['date_last_saved', (p) => p.savedAt],
  ['first_name', (p) => p.firstName],
  ['last_name', (p) => p.lastName],
  ['phone', (p) => p.phone],
  ['ag_affiliated', (p) => p.agAffiliated],
  ['ag_credentialed', (p) => p.agCredentialed],
  ['ag_church', (p) => p.agChurch],
  ['church', (p) => p.church],
  ['city', (p) => p.city],
  ['state', (p) => p.state],
  ['user_zip', (p) => p.userZip],
  ['street_address', (p) => p.streetAddress],
  ['comments', (p) => p.comments],
  ['fosterParent', (p) => p.fosterParent],
  ['numberOfFosterKids', (p) => p.numberOfFosterKids],
  ['org_ag', (p) => p.orgAg],
  ['org_ag_title', (p) => p.orgAgTitle],
  ['org_ag_url', (p) => p.orgAgUrl],
  ['org_other', (p) => p.orgOther],
  ['org_other_title', (p) => p.orgOtherTitle],
  ['org_other_url', (p) => p.orgOtherUrl],
  ['social_media', (p) => p.socialMedia],
  ['isAdmin', (p) => p.isAdmin],
];

export function profilesCsv(profiles: readonly AdminProfile[]): string {
  return toCsv(
    PROFILE_CSV_COLUMNS.map(([name]) => name),
    profiles.map((p) => PROFILE_CSV_COLUMNS.map(([, valueOf]) => valueOf(p))),
  );
}

/** `profiles-2026-03-01.csv`: the day of the download, so several downloads sort by date. */
export function profilesCsvFileName(at: Date): string {
  return `profiles-${at.toISOString().slice(0, 10)}.csv`;
}
