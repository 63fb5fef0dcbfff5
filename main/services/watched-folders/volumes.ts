import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Removable volumes, found without a native module: the folders where each operating system mounts
 * them, listed at a modest interval by the caller. Any mounted volume is a candidate; only those
 * with a camera layout (camera-cards.ts) lead to an offer.
 */
export interface Volume {
  /** The mount point. */
  path: string;
  /** What the person sees (the volume's label, e.g. CANON_SD). */
  name: string;
}

export type VolumeLister = () => Promise<Volume[]>;

/** The mount folders of one operating system; `env` and `user` as the process has them. */
export function volumeListerFor(platform: string, options: { user?: string } = {}): VolumeLister {
  if (platform === 'darwin') return childrenOf(['/Volumes']);
  if (platform === 'win32') return driveLetters;
  const user = options.user ?? process.env.USER ?? '';
  // udisks mounts under /run/media/<user> (Fedora, Arch) or /media/<user> (Debian, Ubuntu).
  return childrenOf([`/run/media/${user}`, `/media/${user}`, '/media']);
}

/** Every folder directly inside the given folders (missing ones are skipped). */
export function childrenOf(parents: readonly string[]): VolumeLister {
  return async () => {
    const found: Volume[] = [];
    for (const parent of parents) {
      const names = await readdir(parent, { withFileTypes: true }).catch(() => []);
      for (const entry of names) {
        if (entry.isDirectory() && !entry.name.startsWith('.'))
          found.push({ path: join(parent, entry.name), name: entry.name });
      }
    }
    return found;
  };
}

/** D: to Z: that answer a stat (A: and B: are floppy drives, C: the system's). */
async function driveLetters(): Promise<Volume[]> {
  const letters = 'DEFGHIJKLMNOPQRSTUVWXYZ'.split('');
  const present = await Promise.all(
    letters.map((letter) =>
      stat(`${letter}:\\`).then(
        () => true,
        () => false,
      ),
    ),
  );
  return letters.filter((_, i) => present[i]).map((letter) => ({ path: `${letter}:\\`, name: `${letter}:` }));
}
