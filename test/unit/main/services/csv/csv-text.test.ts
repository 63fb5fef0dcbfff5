import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvText, neutraliseCsvText } from '../../../../../main/services/csv/csv-text';
import { startsLikeFormula } from '../../../../../main/services/csv/formula-guard';

/** Every cell as a spreadsheet's CSV reader sees it. */
const cells = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, '')).data.flat();

describe('writing a CSV', () => {
  it('guards text cells, keeps numbers, quotes what needs quoting, CRLF between rows', () => {
    expect(
      csvText([
        ['Name', 'Total'],
        ['=HYPERLINK("http://x","y")', -5],
        ['Smith, Ada', 3],
      ]),
    ).toBe('Name,Total\r\n"\'=HYPERLINK(""http://x"",""y"")",-5\r\n"Smith, Ada",3');
  });

  it('quotes a cell holding another locale’s separator, so it is never split into a formula cell', () => {
    expect(csvText([['a;=1+1', 'b\t@x', 'c|+1']])).toBe('"a;=1+1","b\t@x","c|+1"');
  });

  it('starts with a byte-order mark when asked', () => {
    expect(csvText([['Email']], { bom: true })).toBe('\uFEFFEmail');
  });
});

describe('rewriting a CSV the service wrote', () => {
  const report =
    'CommunityId,CommunityName,Total\r\n' +
    '1,"=HYPERLINK(""http://x"",""y"")",3\r\n' +
    '2,@Home learning,0\r\n' +
    '3,+44 partner schools,-2\r\n' +
    '4,-Archive,1\r\n' +
    '5,"\t=cmd|\' /C calc\'!A0",1\r\n' +
    '6,＝1+1,1\r\n';

  it('leaves no cell that starts like a formula, and changes nothing else', () => {
    const safe = neutraliseCsvText(report);
    expect(cells(safe).filter(startsLikeFormula)).toEqual([]);
    expect(cells(report).filter(startsLikeFormula)).toHaveLength(6);
    const rows = Papa.parse<string[]>(safe).data;
    expect(rows[0]).toEqual(['CommunityId', 'CommunityName', 'Total']);
    expect(rows[1]).toEqual(['1', `'=HYPERLINK("http://x","y")`, '3']);
    expect(rows[3]).toEqual(['3', "'+44 partner schools", '-2']);
    expect(rows[4]).toEqual(['4', "'-Archive", '1']);
    expect(safe.endsWith('1\r\n')).toBe(true);
  });

  it('keeps a semicolon separator, LF line ends and the byte-order mark', () => {
    expect(neutraliseCsvText('\uFEFFNavn;Antall\n=1+1;-3\nOla;4\n')).toBe("\uFEFFNavn;Antall\n'=1+1;-3\nOla;4\n");
  });

  it('writes a harmless CSV back as it was, and an empty one stays empty', () => {
    const plain = 'Name,Total\r\n"Smith, Ada",3\r\nBo,0\r\n';
    expect(neutraliseCsvText(plain)).toBe(plain);
    expect(neutraliseCsvText('')).toBe('');
  });
});
