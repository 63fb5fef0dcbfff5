import { posix } from 'node:path';

/**
 * Whether a file the organisation provides (a policy file, the CaCertificateFile) can be trusted: only
 * an administrator may have written it. A policy file or a certificate authority that another user of
 * the computer can change would let that user point everyone's app at their own service, or read their
 * traffic (a root they add is trusted for every connection main makes), so such a file is refused, not
 * read. Ownership alone is not enough: whoever can write to a folder on the way can swap the file for
 * another, so the folders up to the root are held to the same rule.
 *
 * POSIX (Linux, macOS): the file and every folder above it, as named and as resolved through links,
 * must be owned by root and not writable by group or others; a folder with the sticky bit (`/tmp`) may
 * be writable by all, since nobody but the owner can rename or remove what is in it.
 *
 * Windows: mode bits and owners from `fs.stat` mean nothing there (uid 0 and 0o666 for every file), and
 * its access lists cannot be read from Node without a native module or a PowerShell round trip. The
 * check is a seam (`windowsAcl`) until one is written and tried on a real Windows machine; without it a
 * file is `unchecked`: read as before, with a line in the log saying it was not checked.
 */

/** What the check needs of `fs.stat`. */
export interface FileFacts {
  uid: number;
  mode: number;
}

/** Why a file is not trusted: who owns it, or who else can write it (the file, or a folder above it). */
export type UntrustedReason = 'owner' | 'writable';

export type FileTrust =
  | { status: 'trusted' }
  /** No such file: for a policy file, no policy. */
  | { status: 'missing' }
  /** Nothing could say (Windows without an access-list check): read as before, and say so. */
  | { status: 'unchecked'; why: string }
  /** `where` is the file or the folder that broke the rule. */
  | { status: 'untrusted'; reason: UntrustedReason; where: string };

/** Answers for one absolute path; rejects only when the file or a folder could not be looked at (EACCES). */
export type CheckFile = (path: string) => Promise<FileTrust>;

export interface FileTrustIo {
  platform: string;
  /** `fs.promises.realpath`. */
  realpath(path: string): Promise<string>;
  /** `fs.promises.stat` (follows links). */
  stat(path: string): Promise<FileFacts>;
  /** The owners that count as an administrator; root only, unless a test stands in for IT. */
  administrators?: readonly number[];
  /** Windows: who may change the file, from its access list (see above). */
  windowsAcl?: CheckFile;
}

const GROUP_OR_OTHERS_WRITE = 0o022;
const STICKY = 0o1000;

const isMissing = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';

/** The folders above `path`, nearest first, up to and including `/`. */
function foldersAbove(path: string): string[] {
  const folders: string[] = [];
  let current = posix.dirname(path);
  for (;;) {
    folders.push(current);
    const parent = posix.dirname(current);
    if (parent === current) return folders;
    current = parent;
  }
}

export const WINDOWS_UNCHECKED = 'who may change files is not checked on Windows yet';

export function fileTrustChecker(io: FileTrustIo): CheckFile {
  const administrators = new Set(io.administrators ?? [0]);
  const judge = async (path: string, folder: boolean): Promise<FileTrust | undefined> => {
    const facts = await io.stat(path);
    if (!administrators.has(facts.uid)) return { status: 'untrusted', reason: 'owner', where: path };
    const sharedButSticky = folder && (facts.mode & STICKY) !== 0;
    if ((facts.mode & GROUP_OR_OTHERS_WRITE) !== 0 && !sharedButSticky) {
      return { status: 'untrusted', reason: 'writable', where: path };
    }
    return undefined;
  };

  return async (path) => {
    if (io.platform === 'win32') {
      return io.windowsAcl ? io.windowsAcl(path) : { status: 'unchecked', why: WINDOWS_UNCHECKED };
    }
    let real: string;
    try {
      real = await io.realpath(path);
    } catch (error) {
      if (isMissing(error)) return { status: 'missing' };
      throw error;
    }
    const verdict = await judge(real, false);
    if (verdict) return verdict;
    const folders = [...new Set([...foldersAbove(real), ...foldersAbove(posix.normalize(path))])];
    for (const folder of folders) {
      const folderVerdict = await judge(folder, true);
      if (folderVerdict) return folderVerdict;
    }
    return { status: 'trusted' };
  };
}

/** One sentence for the log and the diagnostics (About and the network check say it in the person's language). */
export function untrustedText(trust: { reason: UntrustedReason; where: string }): string {
  return trust.reason === 'owner'
    ? `${trust.where} is not owned by an administrator (root)`
    : `${trust.where} can be changed by users other than administrators`;
}
