import { constants } from 'node:fs';
import { copyFile, link, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { numberedName } from './file-names';

/** Names tried after the chosen one is found taken: "name (1).ext" ... "name (999).ext". */
const maxNumbered = 1000;

/**
 * Gives a finished temporary file (in the target's folder) its name; answers the path it took.
 * `replace`: over whatever has that name (Save: the save dialog asked the person). Otherwise never
 * over an existing file: two Opens of the same name finishing together, or a file another program
 * made meanwhile, each keep theirs, and this one takes the next free "name (n).ext". A rename would
 * replace silently, so the file is linked under the new name (which fails when the name is taken)
 * and the temporary name removed; a disk without links (FAT, some shares) gets an exclusive copy.
 */
export async function placeFile(temp: string, target: string, options: { replace: boolean }): Promise<string> {
  if (options.replace) {
    await rename(temp, target);
    return target;
  }
  const folder = dirname(target);
  const name = basename(target);
  for (let n = 0; n < maxNumbered; n++) {
    const candidate = n === 0 ? target : join(folder, numberedName(name, n));
    if (await claim(temp, candidate)) {
      await unlink(temp).catch(() => undefined);
      return candidate;
    }
  }
  throw Object.assign(new Error(`No free name for ${name}`), { code: 'EEXIST', syscall: 'link' });
}

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/** Puts `temp` under `candidate` if no file has that name; false when one has. */
async function claim(temp: string, candidate: string): Promise<boolean> {
  try {
    await link(temp, candidate);
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    // No hard links here (or not allowed): an exclusive copy judges the name the same way.
  }
  try {
    await copyFile(temp, candidate, constants.COPYFILE_EXCL);
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    // Past the exclusive create the name is ours: a half-written copy must not stay behind.
    await unlink(candidate).catch(() => undefined);
    throw error;
  }
}
