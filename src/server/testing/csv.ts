/**
 * CSV as a spreadsheet program reads it (RFC 4180), splitting on any of `separators`: a quote opens a quoted
 * cell only at the start of a cell; inside one, "" is a quote and a lone quote ends it; rows end with CRLF.
 * For the admin's exports, in server tests and end-to-end journeys alike.
 */
export function parseCsv(text: string, separators: readonly string[] = [',']): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (separators.includes(ch)) {
      row.push(cell);
      cell = '';
      atStart = true;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atStart = true;
      i++;
    } else {
      cell += ch;
      atStart = false;
    }
  }
  return rows;
}
