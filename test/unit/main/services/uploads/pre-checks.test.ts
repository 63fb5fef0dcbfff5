import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFile, formatBytes, recheckBeforeSend } from '../../../../../main/services/uploads/pre-checks';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(32)]);
const limits = { maxFileBytes: 1_000 };
const group = { kind: 'community' as const, id: 1 };
const cover = { kind: 'community-cover' as const, id: 1 };

function file(name: string, content: string | Buffer): { path: string; displayPath: string } {
  dir ??= mkdtempSync(join(tmpdir(), 'checks-'));
  const path = join(dir, name);
  writeFileSync(path, content);
  return { path, displayPath: name };
}

describe('checks before anything is sent', () => {
  it('passes an ordinary file with its size, time and declared type', async () => {
    dir = mkdtempSync(join(tmpdir(), 'checks-'));
    const checked = await checkFile(file('plan.pdf', 'hello'), group, limits);
    expect(checked).toMatchObject({ fileName: 'plan.pdf', size: 5, contentType: 'application/pdf', problems: [] });
    expect(checked.mtimeMs).toBeGreaterThan(0);
  });

  it('reports missing, empty and too large files, each with a reason', async () => {
    dir = mkdtempSync(join(tmpdir(), 'checks-'));
    const missing = await checkFile({ path: join(dir, 'gone.pdf'), displayPath: 'gone.pdf' }, group, limits);
    expect(missing.problems).toEqual([
      { code: 'FILE_PROBLEM', message: 'The file no longer exists.', text: { key: 'uploads.problems.missing' } },
    ]);
    const empty = await checkFile(file('empty.txt', ''), group, limits);
    expect(empty.problems).toEqual([
      { code: 'FILE_PROBLEM', message: 'The file is empty.', text: { key: 'uploads.problems.empty' } },
    ]);
    const large = await checkFile(file('film.mp4', Buffer.alloc(2_048)), group, limits);
    // The page words it from the key, with the sizes as byte counts it formats in its own language.
    expect(large.problems).toEqual([
      {
        code: 'TOO_LARGE',
        message: 'The file is 2.0 KB, over the limit of 1000 bytes.',
        text: { key: 'uploads.problems.tooLarge', params: { size: 2_048, limit: 1_000 } },
      },
    ]);
  });

  it('names the allowed file types as a parameter of the key', async () => {
    dir = mkdtempSync(join(tmpdir(), 'checks-'));
    const checked = await checkFile(file('notes.txt', 'hello'), group, {
      ...limits,
      allowedExtensions: ['mp4', 'mov'],
    });
    expect(checked.problems).toEqual([
      {
        code: 'FILE_NOT_ALLOWED',
        message: 'Your organisation allows only these file types: mp4, mov.',
        text: { key: 'uploads.problems.typeNotAllowed', params: { types: 'mp4, mov' } },
      },
    ]);
  });

  it('names a folder as not a file, by key', async () => {
    dir = mkdtempSync(join(tmpdir(), 'checks-'));
    const checked = await checkFile({ path: dir, displayPath: 'folder' }, group, limits);
    expect(checked.problems).toEqual([
      { code: 'FILE_PROBLEM', message: 'This is not a file.', text: { key: 'uploads.problems.notAFile' } },
    ]);
  });

  it('accepts only real images for image targets, by content', async () => {
    dir = mkdtempSync(join(tmpdir(), 'checks-'));
    const real = await checkFile(file('photo.jpg', png), cover, limits);
    expect(real).toMatchObject({ problems: [], contentType: 'image/png' });
    const fake = await checkFile(file('fake.png', 'not an image'), cover, limits);
    expect(fake.problems[0]).toMatchObject({
      message: 'This is not a PNG, JPEG, GIF or WebP image.',
      text: { key: 'uploads.problems.notAnImage' },
    });
    // The same text file is fine for a group's files.
    expect((await checkFile(file('fake2.png', 'not an image'), group, limits)).problems).toEqual([]);
  });

  it('refuses a file that changed or went away after it was queued', async () => {
    dir = mkdtempSync(join(tmpdir(), 'checks-'));
    const queued = await checkFile(file('plan.pdf', 'first'), group, limits);
    expect(await recheckBeforeSend(queued)).toBeUndefined();
    utimesSync(queued.path, new Date(), new Date(Date.now() + 5_000));
    expect((await recheckBeforeSend(queued))?.message).toMatch(/changed after it was queued/);
    expect((await recheckBeforeSend(queued))?.text).toEqual({ key: 'uploads.problems.changedSinceQueued' });
    rmSync(queued.path);
    expect(await recheckBeforeSend(queued)).toEqual({
      code: 'FILE_PROBLEM',
      message: 'The file was deleted or moved after it was queued.',
      text: { key: 'uploads.problems.goneSinceQueued' },
    });
  });

  it('formats sizes for people', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1_572_864)).toBe('1.5 MB');
    expect(formatBytes(200 * 1024 ** 3)).toBe('200 GB');
  });
});
