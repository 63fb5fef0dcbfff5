import { describe, expect, it } from 'vitest';
import { neutraliseCell, startsLikeFormula } from '../../../../../main/services/csv/formula-guard';

describe('the one formula guard for CSV cells', () => {
  it('puts an apostrophe before = + - @ at the start', () => {
    for (const cell of ['=HYPERLINK("http://x","y")', '@Home learning', '+44 partner schools', '-Archive', '=1+1']) {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    }
  });

  it('looks past leading whitespace and control characters, as spreadsheets do', () => {
    for (const cell of ['\t=1+1', '\r=1+1', '\n=1+1', ' =1+1', '\u00A0@SUM(A1)', '\u200B=1', '\uFEFF+1+1', '\0=1']) {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    }
  });

  it('catches the full-width and small forms an input method types', () => {
    for (const cell of ['＝HYPERLINK("x")', '＋1', '－1', '＠SUM(A1)', '﹦1', '\t＝1', '−1+2']) {
      expect(startsLikeFormula(cell)).toBe(true);
    }
  });

  it('guards a cell that starts with a tab, carriage return or line feed whatever follows', () => {
    expect(neutraliseCell('\tindented')).toBe("'\tindented");
    expect(neutraliseCell('\r\nsecond line')).toBe("'\r\nsecond line");
  });

  it('leaves plain numbers as numbers, negative ones included', () => {
    for (const cell of ['-5', '+5', '-3.25', '-1,5', '2e-3', '-.5', '0', '42']) expect(neutraliseCell(cell)).toBe(cell);
    // Arithmetic is a formula, not a number; a phone number is text either way.
    expect(neutraliseCell('-1+1')).toBe("'-1+1");
    expect(neutraliseCell('+44 20 7946 0958')).toBe("'+44 20 7946 0958");
  });

  it('leaves ordinary text alone, and a guarded cell is not guarded twice', () => {
    for (const cell of ['Year 7 Science', 'ada@school.example', 'A-level maths', '', ' padded', "'=already"]) {
      expect(neutraliseCell(cell)).toBe(cell);
    }
    expect(neutraliseCell(neutraliseCell('=1+1'))).toBe("'=1+1");
  });
});
