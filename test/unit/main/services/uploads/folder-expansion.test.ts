import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expandPaths } from '../../../../../main/services/uploads/folder-expansion';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(): string {
  root = mkdtempSync(join(tmpdir(), 'expand-'));
  const lessons = join(root, 'Lessons');
  mkdirSync(join(lessons, 'Week 1', 'slides'), { recursive: true });
  mkdirSync(join(lessons, '.git'));
  writeFileSync(join(lessons, 'plan.pdf'), 'p');
  writeFileSync(join(lessons, 'Week 1', 'worksheet.docx'), 'w');
  writeFileSync(join(lessons, 'Week 1', 'slides', 'intro.pptx'), 's');
  writeFileSync(join(lessons, '.DS_Store'), 'x');
  writeFileSync(join(lessons, 'Thumbs.db'), 'x');
  writeFileSync(join(lessons, '~$plan.docx'), 'x');
  writeFileSync(join(lessons, '.git', 'config'), 'x');
  return lessons;
}

describe('expanding chosen folders', () => {
  it('lists every file below a folder with its path relative to the folder, skipping system files', async () => {
    const lessons = tree();
    const { files, skipped } = await expandPaths([lessons]);
    expect(files.map((file) => file.displayPath)).toEqual([
      'Lessons/plan.pdf',
      'Lessons/Week 1/slides/intro.pptx',
      'Lessons/Week 1/worksheet.docx',
    ]);
    expect(files[0]!.path).toBe(join(lessons, 'plan.pdf'));
    expect(skipped.map((entry) => [basename(entry.path), entry.reason]).sort()).toEqual([
      ['.DS_Store', 'hidden'],
      ['.git', 'hidden'],
      ['Thumbs.db', 'hidden'],
      ['~$plan.docx', 'hidden'],
    ]);
  });

  it('keeps a hidden file the user picked by name, and lists a file chosen twice once', async () => {
    const lessons = tree();
    const picked = join(lessons, '.DS_Store');
    const { files } = await expandPaths([picked, join(lessons, 'plan.pdf'), lessons]);
    expect(files.map((file) => file.displayPath)).toEqual([
      '.DS_Store',
      'plan.pdf',
      'Lessons/Week 1/slides/intro.pptx',
      'Lessons/Week 1/worksheet.docx',
    ]);
  });

  it('skips links inside a chosen folder: one leaving it as such, one within it because its file is listed anyway', async () => {
    const lessons = tree();
    symlinkSync(lessons, join(lessons, 'Week 1', 'back-to-top'));
    symlinkSync(join(lessons, 'plan.pdf'), join(lessons, 'Week 1', 'plan-link.pdf'));
    // Someone else's folder (an unzipped archive, a USB stick) with a link to the user's private files.
    const secret = join(root, 'secret');
    mkdirSync(secret);
    writeFileSync(join(secret, 'id_rsa'), 'PRIVATE KEY');
    symlinkSync(secret, join(lessons, 'notes'));
    symlinkSync(join(secret, 'id_rsa'), join(lessons, 'Week 1', 'answers.txt'));
    // A link into a hidden folder of the chosen one cannot bring it in under a visible name either.
    symlinkSync(join(lessons, '.git'), join(lessons, 'git-notes'));
    symlinkSync(join(root, 'nowhere'), join(lessons, 'dangling'));

    const { files, skipped } = await expandPaths([lessons]);
    expect(files.map((file) => file.displayPath)).toEqual([
      'Lessons/plan.pdf',
      'Lessons/Week 1/slides/intro.pptx',
      'Lessons/Week 1/worksheet.docx',
    ]);
    expect(JSON.stringify(files)).not.toContain('secret');
    const reasons = Object.fromEntries(
      skipped.filter((entry) => entry.reason !== 'hidden').map((entry) => [entry.displayPath, entry.reason]),
    );
    expect(reasons).toEqual({
      'Lessons/notes': 'link-outside',
      'Lessons/Week 1/answers.txt': 'link-outside',
      'Lessons/Week 1/back-to-top': 'link-inside',
      'Lessons/Week 1/plan-link.pdf': 'link-inside',
      'Lessons/git-notes': 'link-inside',
      'Lessons/dangling': 'unreadable',
    });
  });

  it('follows what the user chose themselves: a chosen folder or file that is a link', async () => {
    const lessons = tree();
    const shortcut = join(root, 'Lessons shortcut');
    symlinkSync(lessons, shortcut);
    symlinkSync(join(lessons, 'plan.pdf'), join(root, 'plan shortcut.pdf'));
    const { files, skipped } = await expandPaths([join(root, 'plan shortcut.pdf'), shortcut]);
    expect(files.map((file) => file.displayPath)).toEqual([
      'plan shortcut.pdf',
      'Lessons shortcut/Week 1/slides/intro.pptx',
      'Lessons shortcut/Week 1/worksheet.docx',
    ]);
    expect(skipped.every((entry) => entry.reason === 'hidden')).toBe(true);
  });

  it('stops at the file limit and says so', async () => {
    const lessons = tree();
    const { files, skipped } = await expandPaths([lessons], { maxFiles: 2 });
    expect(files).toHaveLength(2);
    expect(skipped.filter((entry) => entry.reason === 'limit')).toHaveLength(1);
  });
});
