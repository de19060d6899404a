import { describe, expect, it } from 'vitest';
import { BYTE_ORDER_MARK, csvAmount, csvFileName, CsvNumber, safeText, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('starts with the byte-order mark, quotes every field and ends lines with CRLF', () => {
    expect(toCsv(['A', 'B'], [['x', 1]])).toBe(`${BYTE_ORDER_MARK}"A","B"\r\n"x","1"\r\n`);
  });

  it('doubles quotes, keeps commas and newlines inside the field, writes empty for null', () => {
    expect(toCsv(['Note'], [['say "hi", then\nleave'], [null], [undefined], [false]])).toBe(
      `${BYTE_ORDER_MARK}"Note"\r\n"say ""hi"", then\nleave"\r\n""\r\n""\r\n"false"\r\n`,
    );
  });
});

describe('toCsv defuses by construction (issue 25 item 7)', () => {
  it('defuses every string cell, whatever its column; numbers, booleans and amounts are written as they are', () => {
    expect(
      toCsv(
        ['Glider', 'Tug', 'Minutes', 'Debit'],
        [
          ["=cmd|'/C calc'!A0", '+1', -5, csvAmount(-4000)],
          ['C-GDSA', '-', 0.5, csvAmount(5)],
        ],
      ),
    ).toBe(
      `${BYTE_ORDER_MARK}"Glider","Tug","Minutes","Debit"\r\n"'=cmd|'/C ` +
        `calc'!A0","'+1","-5","-40.00"\r\n"C-GDSA","'-","0.5","0.05"\r\n`,
    );
  });

  it('a CsvNumber is only ever a plain decimal', () => {
    expect(new CsvNumber('-12.50').text).toBe('-12.50');
    expect(() => new CsvNumber('-1+2')).toThrow('Not a plain decimal number: -1+2');
    expect(() => new CsvNumber('=1')).toThrow(RangeError);
  });
});

describe('safeText', () => {
  it('defuses text a spreadsheet would run as a formula', () => {
    expect(safeText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(safeText('+1')).toBe("'+1");
    expect(safeText('-2')).toBe("'-2");
    expect(safeText('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('leaves ordinary text alone', () => {
    expect(safeText('Jean-Luc')).toBe('Jean-Luc');
    expect(safeText('')).toBe('');
  });
});

describe('csvFileName', () => {
  it('names the file after the choice and the dates', () => {
    expect(csvFileName('Completed Flights', '2026-11-01', '2026-11-22')).toBe(
      'Completed_Flights_2026-11-01_2026-11-22.csv',
    );
    expect(csvFileName('Flights (including cancelled)', '2026-01-01', '2026-01-31')).toBe(
      'Flights_including_cancelled_2026-01-01_2026-01-31.csv',
    );
  });
});
