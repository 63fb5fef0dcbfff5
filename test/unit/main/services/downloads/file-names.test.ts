import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  freeNameIn,
  isTempName,
  isTempNameFor,
  safeFileName,
  tempPathFor,
} from '../../../../../main/services/downloads/file-names';

describe('names on disk', () => {
  it('keeps an ordinary name', () => {
    expect(safeFileName('Lesson plan 3.pdf')).toBe('Lesson plan 3.pdf');
  });

  it('cannot climb out of the folder or use characters Windows forbids', () => {
    expect(safeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileName('a<b>c:d"e|f?g*h.txt')).toBe('a_b_c_d_e_f_g_h.txt');
    expect(safeFileName('C:\\Windows\\evil.dll')).toBe('C__Windows_evil.dll');
  });

  it('avoids device names and empty names', () => {
    expect(safeFileName('CON.txt')).toBe('_CON.txt');
    expect(safeFileName('')).toBe('download');
    expect(safeFileName('...')).toBe('download');
  });

  it('shortens a very long name but keeps its extension', () => {
    const name = safeFileName(`${'x'.repeat(400)}.pdf`);
    expect(name.length).toBe(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('puts the temporary file in the same folder, hidden, unique per attempt', () => {
    const target = join('/home/ada/Downloads', 'plan.pdf');
    const temp = tempPathFor(target, () => 'abc123');
    expect(temp).toBe(join('/home/ada/Downloads', '.plan.pdf.abc123.vcdownload'));
    expect(isTempName('.plan.pdf.abc123.vcdownload')).toBe(true);
    expect(tempPathFor(target)).not.toBe(tempPathFor(target));
  });

  it('finds a free name for Open as browsers do: "name (1).ext"', async () => {
    const taken = new Set([join('/d', 'plan.pdf'), join('/d', 'plan (1).pdf')]);
    expect(await freeNameIn('/d', 'plan.pdf', async (p) => taken.has(p))).toBe(join('/d', 'plan (2).pdf'));
    expect(await freeNameIn('/d', 'notes.txt', async (p) => taken.has(p))).toBe(join('/d', 'notes.txt'));
  });
});

describe('leftovers of a crash', () => {
  it('knows the temporary files made for a target, and nothing else in the folder', () => {
    const temp = tempPathFor('/data/report.pdf').split('/').pop()!;
    expect(isTempNameFor('/data/report.pdf', temp)).toBe(true);
    expect(isTempNameFor('/data/report.pdf', 'report.pdf')).toBe(false);
    expect(isTempNameFor('/data/other.pdf', temp)).toBe(false);
    expect(isTempNameFor('/data/report.pdf', '.report.pdf.not-ours.vcdownload')).toBe(false);
  });
});
