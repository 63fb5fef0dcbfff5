import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  freeNameIn,
  isTempName,
  isTempNameFor,
  maxNameBytes,
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

  it('removes bidi controls and invisible characters, so a program cannot pose as a document', () => {
    expect(safeFileName('Lesson plan\u202Efdp.exe')).toBe('Lesson planfdp.exe');
    for (const invisible of ['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(safeFileName(`report${invisible}.pdf`)).toBe('report.pdf');
    }
    for (const invisible of ['\u200E', '\u200F', '\u061C', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF']) {
      expect(safeFileName(`rep${invisible}ort.pdf`)).toBe('report.pdf');
    }
    // Hidden characters cannot smuggle a device name past the check either.
    expect(safeFileName('C\u200BON.txt')).toBe('_CON.txt');
  });

  it.each(['COM¹', 'com².txt', 'COM³.tar.gz', 'LPT¹', 'lpt².log', 'LPT³.pdf', 'CONIN$', 'conout$.txt', 'NUL .txt'])(
    'treats the Windows device name %s as one',
    (name) => {
      expect(safeFileName(name)).toBe(`_${name}`);
    },
  );

  it('keeps names that only start like a device name', () => {
    expect(safeFileName('COM10.txt')).toBe('COM10.txt');
    expect(safeFileName('console.log')).toBe('console.log');
    expect(safeFileName('CONIN.txt')).toBe('CONIN.txt');
  });

  it('caps a name by its bytes, not its characters, keeping the extension and whole characters', () => {
    // 104 CJK characters are 312 bytes in UTF-8: too long for ext4 or APFS (255 bytes) with any suffix.
    const name = safeFileName(`${'教'.repeat(104)}.pdf`);
    expect(Buffer.byteLength(name, 'utf8')).toBeLessThanOrEqual(maxNameBytes);
    expect(name).toBe(`${'教'.repeat(65)}.pdf`);
    // Room for " (9999)" and the temporary name's 25 bytes within 255.
    expect(
      Buffer.byteLength(
        tempPathFor(`/d/${name.replace('.pdf', ' (9999).pdf')}`)
          .split('/')
          .pop()!,
      ),
    ).toBeLessThanOrEqual(255);
    // A thumb with a skin tone is two code points (8 bytes): kept whole or left out, never cut in half.
    const thumb = '👍🏽';
    expect(safeFileName(`${'a'.repeat(190)}${thumb.repeat(3)}.txt`)).toBe(`${'a'.repeat(190)}.txt`);
    expect(safeFileName(`${'a'.repeat(186)}${thumb.repeat(3)}.txt`)).toBe(`${'a'.repeat(186)}${thumb}.txt`);
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
