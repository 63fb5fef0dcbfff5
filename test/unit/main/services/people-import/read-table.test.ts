import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_XLSX_INFLATED_BYTES, readCsv, readTableFile } from '../../../../../main/services/people-import/read-table';
import {
  MAX_IMPORT_ROWS,
  guessMapping,
  previewInvites,
} from '../../../../../main/services/people-import/invite-preview';
import { unpackXlsxWithinBudget } from '../../../../../main/services/people-import/xlsx-within-budget';
import { rowXml, xlsxBomb, xlsxBytes } from '../../../../support/xlsx';

const folder = mkdtempSync(join(tmpdir(), 'people-import-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = (name: string, content: string | Uint8Array) => {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
};

describe('reading a CSV of people', () => {
  it('keeps commas, doubled quotes and line breaks inside quoted cells', () => {
    const table = readCsv('Email,Groups,Note\r\nada@school.example,"Maths, Science","She said ""hi""\nthen left"\r\n');
    expect(table.headers).toEqual(['Email', 'Groups', 'Note']);
    expect(table.rows).toEqual([['ada@school.example', 'Maths, Science', 'She said "hi"\nthen left']]);
  });

  it('drops the byte-order mark Excel writes, so the first header is "Email", not "\\uFEFFEmail"', async () => {
    const table = await readTableFile(file('bom.csv', '\uFEFFEmail;Admin\nola@school.example;ja\n'));
    expect(table.headers).toEqual(['Email', 'Admin']);
    expect(guessMapping(table)).toEqual({ email: 0, admin: 1 });
  });

  it('reads semicolon files (Excel in comma-decimal locales) and skips blank lines', () => {
    const table = readCsv('E-post;Grupper\n\nkari@skole.example;Matte; \n;\n');
    expect(table.rows).toEqual([['kari@skole.example', 'Matte', '']]);
    expect(guessMapping(table)).toMatchObject({ email: 0, groups: 1 });
  });

  it('finds the address column by its cells when the header is in another language', () => {
    const table = readCsv('Nom,Courriel\nAda,ada@school.example\nBo,bo@school.example\n');
    expect(guessMapping(table).email).toBe(1);
  });

  it('reads rows up to the import’s cap and one past it, and says the file goes on', () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => `p${i}@school.example,${i % 2 ? 'yes' : 'no'},Maths`);
    const table = readCsv(`Email,Admin,Groups\n${lines.join('\n')}\n`);
    expect(table.rows).toHaveLength(MAX_IMPORT_ROWS + 1);
    expect(table.rows[MAX_IMPORT_ROWS]).toEqual(['p2000@school.example', 'no', 'Maths']);
    expect(table.truncated).toBe(true);
    // One past the cap is still the whole file: the preview marks it, and nothing is left unread.
    const justOver = readCsv(`Email\n${lines.slice(0, MAX_IMPORT_ROWS + 1).join('\n')}\n`);
    expect([justOver.rows.length, justOver.truncated]).toEqual([MAX_IMPORT_ROWS + 1, false]);
  });
});

describe('reading an XLSX of people', () => {
  it('reads the first sheet, with Excel dates as YYYY-MM-DD and numbers as text', async () => {
    const path = file(
      'people.xlsx',
      xlsxBytes([
        ['Email', 'Admin', 'Start date', 'Staff no'],
        ['ada@school.example', true, { date: new Date(Date.UTC(2026, 8, 1)) }, 1042],
        ['bo@school.example', false, null, 7],
      ]),
    );
    const table = await readTableFile(path);
    expect(table.headers).toEqual(['Email', 'Admin', 'Start date', 'Staff no']);
    expect(table.rows[0]).toEqual(['ada@school.example', 'true', '2026-09-01', '1042']);
    expect(table.rows[1]).toEqual(['bo@school.example', 'false', '', '7']);
  });

  it('reads the rows of a workbook up to the import’s cap and one past it', async () => {
    const people = (count: number) => [['Email'], ...Array.from({ length: count }, (_, i) => [`p${i}@school.example`])];
    const over = await readTableFile(file('over.xlsx', xlsxBytes(people(MAX_IMPORT_ROWS + 50))));
    expect([over.rows.length, over.truncated]).toEqual([MAX_IMPORT_ROWS + 1, true]);
    expect(over.rows[MAX_IMPORT_ROWS]).toEqual(['p2000@school.example']);
    const whole = await readTableFile(file('whole.xlsx', xlsxBytes(people(MAX_IMPORT_ROWS + 1))));
    expect([whole.rows.length, whole.truncated]).toEqual([MAX_IMPORT_ROWS + 1, false]);
  });

  it('a file that is not a workbook, or an old .xls, is named plainly', async () => {
    await expect(readTableFile(file('broken.xlsx', 'not a zip'))).rejects.toThrow(/not a readable Excel workbook/);
    await expect(readTableFile(file('old.xls', 'x'))).rejects.toThrow(/save it as .xlsx or CSV/);
    await expect(readTableFile(join(folder, 'gone.csv'))).rejects.toThrow(/could not be read \(ENOENT\)/);
  });
});

describe('a file too large to be a list of people, or a zip bomb', () => {
  const MB = 1024 * 1024;

  it('is refused by its size before it is read', async () => {
    const path = file('huge.csv', '');
    truncateSync(path, 11 * MB); // sparse: eleven megabytes on paper, nothing on disk
    await expect(readTableFile(path)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'The file is larger than 10 MB; a list of people is much smaller.',
      details: { problem: 'too-large' },
    });
  });

  it('a workbook of a few hundred KB whose one cell inflates to 64 MB is refused, inflated no further than the budget', async () => {
    const bomb = xlsxBomb({
      head: '<row r="1"><c r="A1" t="inlineStr"><is><t>',
      piece: 'A'.repeat(MB),
      times: 64,
      tail: '</t></is></c></row>',
    });
    expect(bomb.byteLength).toBeLessThan(512 * 1024);
    await expect(readTableFile(file('bomb.xlsx', bomb))).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'This spreadsheet is too large or damaged to read.',
      details: { problem: 'unpacks-too-large' },
    });
    // It stopped within one small push past the budget: memory never held the 64 MB.
    const unpacked = unpackXlsxWithinBudget(bomb, { budgetBytes: MAX_XLSX_INFLATED_BYTES, keepRows: 10 });
    expect(unpacked).toMatchObject({ ok: false, reason: 'over-budget' });
    const inflated = (unpacked as { inflatedBytes: number }).inflatedBytes;
    expect(inflated).toBeGreaterThan(MAX_XLSX_INFLATED_BYTES);
    expect(inflated).toBeLessThan(MAX_XLSX_INFLATED_BYTES + 5 * MB);
  });

  it('a workbook whose rows go on for 64 MB is read to the row cap, and the rest is never inflated', async () => {
    const head = [['Email', 'Admin'], ...Array.from({ length: 2_100 }, (_, i) => [`p${i}@school.example`, 'no'])]
      .map(rowXml)
      .join('');
    const again = rowXml(['again@school.example', 'yes'], 999_998);
    const bomb = xlsxBomb({ head, piece: again.repeat(Math.floor(MB / again.length)), times: 64, tail: '' });
    const table = await readTableFile(file('rows.xlsx', bomb));
    expect(table.headers).toEqual(['Email', 'Admin']);
    expect([table.rows.length, table.truncated]).toEqual([MAX_IMPORT_ROWS + 1, true]);
    expect(table.rows[MAX_IMPORT_ROWS]).toEqual(['p2000@school.example', 'no']);
  });
});

describe('previewing the invitations', () => {
  const groups = new Map([
    ['Year 7 Science mentors', 11],
    ['PGCE Primary cohort', 12],
  ]);

  it('names every problem per row and keeps good rows sendable', () => {
    const table = readCsv(
      [
        'Email,Admin,Groups',
        'ada@school.example,yes,year 7 science mentors; PGCE Primary cohort',
        'not-an-address,,',
        'ADA@school.example,,',
        ',yes,',
        'bo@school.example,,Drama club',
      ].join('\n'),
    );
    const rows = previewInvites(table, guessMapping(table), groups);
    expect(rows[0]).toMatchObject({ line: 2, isOrgAdmin: true, communityIds: [11, 12], problems: [] });
    expect(rows[1]!.problems).toEqual([{ kind: 'malformed-email', value: 'not-an-address' }]);
    expect(rows[2]!.problems).toEqual([{ kind: 'duplicate-email', firstRow: 2 }]);
    expect(rows[3]!.problems).toEqual([{ kind: 'missing-email' }]);
    expect(rows[4]!.problems).toEqual([{ kind: 'unknown-group', name: 'Drama club' }]);
  });

  it('marks the rows past the limit, not the ones before it', () => {
    const table = readCsv(`Email\n${Array.from({ length: 5 }, (_, i) => `p${i}@school.example`).join('\n')}`);
    const rows = previewInvites(table, guessMapping(table), groups, 3);
    expect(rows.map((r) => r.problems.length)).toEqual([0, 0, 0, 1, 1]);
    expect(rows[3]!.problems[0]).toEqual({ kind: 'too-many-rows', limit: 3 });
  });
});
