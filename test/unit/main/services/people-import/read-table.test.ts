import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCsv, readTableFile } from '../../../../../main/services/people-import/read-table';
import { guessMapping, previewInvites } from '../../../../../main/services/people-import/invite-preview';
import { xlsxBytes } from '../../../../support/xlsx';

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

  it('reads 5,000 rows whole', () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => `p${i}@school.example,${i % 2 ? 'yes' : 'no'},Maths`);
    const table = readCsv(`Email,Admin,Groups\n${lines.join('\n')}\n`);
    expect(table.rows).toHaveLength(5_000);
    expect(table.rows[4_999]).toEqual(['p4999@school.example', 'yes', 'Maths']);
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

  it('a file that is not a workbook, or an old .xls, is named plainly', async () => {
    await expect(readTableFile(file('broken.xlsx', 'not a zip'))).rejects.toThrow(/not a readable Excel workbook/);
    await expect(readTableFile(file('old.xls', 'x'))).rejects.toThrow(/save it as .xlsx or CSV/);
    await expect(readTableFile(join(folder, 'gone.csv'))).rejects.toThrow(/could not be read \(ENOENT\)/);
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
