import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Owner-only permissions: the files hold ciphertext, but nobody else needs to read even that. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // mkdir leaves an existing folder's mode alone, and the umask may have narrowed a new one's.
  if (process.platform !== 'win32') await chmod(dir, PRIVATE_DIR_MODE);
}

/**
 * Writes the whole file or nothing: a temporary file beside it (created 0600, flushed to disk),
 * then a rename over the old one, so a crash never leaves half a file.
 */
export async function writePrivateFile(path: string, data: Buffer | string): Promise<void> {
  await ensurePrivateDir(dirname(path));
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The file's bytes, or null when it does not exist. */
export async function readIfExists(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** True when a file was there to remove. */
export async function removeIfExists(path: string): Promise<boolean> {
  try {
    await rm(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** A file name for an account that does not reveal the service or the user on disk. */
export function accountFile(dir: string, account: string, extension: string): string {
  return join(dir, `${createHash('sha256').update(account).digest('hex').slice(0, 32)}.${extension}`);
}
