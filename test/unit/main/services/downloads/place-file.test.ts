import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placeFile } from '../../../../../main/services/downloads/place-file';

/** Hard links as the disk allows them: `false` stands for FAT or a share without links. */
const disk = vi.hoisted(() => ({ links: true }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  return {
    ...fs,
    link: (existing: string, path: string) =>
      disk.links
        ? fs.link(existing, path)
        : Promise.reject(Object.assign(new Error('operation not permitted, link'), { code: 'EPERM' })),
  };
});

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'vc-place-'));
  disk.links = true;
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const temp = (contents: string) => {
  const path = join(folder, '.plan.pdf.0123456789ab.vcdownload');
  writeFileSync(path, contents);
  return path;
};

describe('giving a finished download its name', () => {
  it.each([true, false])('never replaces a file of the same name for Open (links on the disk: %s)', async (links) => {
    disk.links = links;
    writeFileSync(join(folder, 'plan.pdf'), 'theirs');
    writeFileSync(join(folder, 'plan (1).pdf'), 'also theirs');
    const placed = await placeFile(temp('ours'), join(folder, 'plan.pdf'), { replace: false });
    expect(placed).toBe(join(folder, 'plan (2).pdf'));
    expect(readFileSync(join(folder, 'plan.pdf'), 'utf8')).toBe('theirs');
    expect(readFileSync(join(folder, 'plan (1).pdf'), 'utf8')).toBe('also theirs');
    expect(readFileSync(placed, 'utf8')).toBe('ours');
    expect(readdirSync(folder).sort()).toEqual(['plan (1).pdf', 'plan (2).pdf', 'plan.pdf']);
  });

  it('takes the name itself when it is free', async () => {
    const placed = await placeFile(temp('ours'), join(folder, 'plan.pdf'), { replace: false });
    expect(placed).toBe(join(folder, 'plan.pdf'));
    expect(readdirSync(folder)).toEqual(['plan.pdf']);
  });

  it('replaces for Save, where the dialog asked', async () => {
    writeFileSync(join(folder, 'plan.pdf'), 'old');
    const placed = await placeFile(temp('new'), join(folder, 'plan.pdf'), { replace: true });
    expect(placed).toBe(join(folder, 'plan.pdf'));
    expect(readFileSync(placed, 'utf8')).toBe('new');
    expect(readdirSync(folder)).toEqual(['plan.pdf']);
  });

  it('passes on what the disk refuses, leaving no half-made name behind', async () => {
    disk.links = false;
    await expect(
      placeFile(join(folder, 'gone.vcdownload'), join(folder, 'plan.pdf'), { replace: false }),
    ).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(readdirSync(folder)).toEqual([]);
  });
});
