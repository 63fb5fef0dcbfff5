import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultReportName,
  reportExtension,
  reportFileName,
  saveReport,
  writeReportFile,
} from '../../../../../main/services/admin/report-file';

const folder = () => mkdtempSync(join(tmpdir(), 'vc-report-file-'));

describe('report file names', () => {
  it('the default is dated', () => {
    expect(defaultReportName('group-activity', 'csv', new Date('2026-11-25T10:00:00Z'))).toBe(
      'group-activity-2026-11-25.csv',
    );
  });
  it("the service's name is used only when it is a plain file name", () => {
    expect(reportFileName('groups-2026.csv', 'fallback.csv')).toBe('groups-2026.csv');
    for (const bad of ['../../etc/passwd', 'a/b.csv', 'C:\\x.csv', '.hidden', '', '   ', undefined]) {
      expect(reportFileName(bad, 'fallback.csv')).toBe('fallback.csv');
    }
  });
});

describe('report file extensions', () => {
  it('a CSV content type, or text that reads as a table, is saved as .csv', () => {
    expect(reportExtension('text/csv; charset=utf-8', 'anything')).toBe('csv');
    expect(reportExtension('text/plain', 'Name,Total\r\n"Smith, Ada",3\r\nBo,0\r\n')).toBe('csv');
  });
  it('a summary, a ragged text or nothing at all is saved as .txt', () => {
    expect(reportExtension('text/plain', 'Usage report for Northbridge\nUsers: 12 (10 active)\n')).toBe('txt');
    expect(reportExtension('application/json', 'a,b\nc\n')).toBe('txt');
    expect(reportExtension('text/plain', '')).toBe('txt');
  });
});

describe('writing a report', () => {
  it('replaces an existing file and leaves no temporary file beside it', async () => {
    const dir = folder();
    const target = join(dir, 'report.csv');
    writeFileSync(target, 'old');
    await writeReportFile(target, 'a,b\r\n1,2\r\n');
    expect(readFileSync(target, 'utf8')).toBe('a,b\r\n1,2\r\n');
    expect(readdirSync(dir)).toEqual(['report.csv']);
  });
  it('a folder that does not exist is a clear problem, and nothing is left behind', async () => {
    const dir = folder();
    await expect(writeReportFile(join(dir, 'missing', 'r.csv'), 'x')).rejects.toMatchObject({ code: 'FILE_PROBLEM' });
    expect(readdirSync(dir)).toEqual([]);
  });
  it('a closed dialog writes nothing', async () => {
    const dir = folder();
    expect(await saveReport(async () => undefined, 'r.csv', 'x', { asCsv: true })).toEqual({ cancelled: true });
    expect(await saveReport(async () => join(dir, 'r.csv'), 'r.csv', 'x', { asCsv: true })).toEqual({
      saved: join(dir, 'r.csv'),
    });
    expect(readdirSync(dir)).toEqual(['r.csv']);
  });
});

describe('saving a report the service wrote', () => {
  const serviceCsv = 'CommunityName,Total\r\n@Home learning,2\r\n-Archive,-1\r\n';

  it('writes a CSV through the formula guard, so no cell reaches the spreadsheet as a formula', async () => {
    const dir = folder();
    await saveReport(async () => join(dir, 'groups.csv'), 'groups.csv', serviceCsv, { asCsv: true });
    expect(readFileSync(join(dir, 'groups.csv'), 'utf8')).toBe(
      "CommunityName,Total\r\n'@Home learning,2\r\n'-Archive,-1\r\n",
    );
  });

  it('guards a text report the person saves under a .csv name, and leaves it alone as .txt', async () => {
    const dir = folder();
    await saveReport(async () => join(dir, 'usage.CSV'), 'usage.txt', '=1+1\n', { asCsv: false });
    await saveReport(async () => join(dir, 'usage.txt'), 'usage.txt', '=1+1\n', { asCsv: false });
    expect(readFileSync(join(dir, 'usage.CSV'), 'utf8')).toBe("'=1+1\n");
    expect(readFileSync(join(dir, 'usage.txt'), 'utf8')).toBe('=1+1\n');
  });
});
