import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';

/**
 * macOS's quarantine flag: the `com.apple.quarantine` extended attribute a browser puts on what it
 * downloads. Gatekeeper checks a flagged app before it first runs, and Archive Utility passes the flag
 * on to everything it unpacks, so an app inside a downloaded zip is checked too. Node cannot write
 * extended attributes, so the system's own `/usr/bin/xattr` does (no shell, arguments as a list).
 *
 * `LSFileQuarantineEnabled` in Info.plist would flag every file the app's process creates (its logs,
 * journals, caches and the updater's download too), not only downloads, so the app flags downloads
 * itself instead.
 */

/** Runs `/usr/bin/xattr` with these arguments; rejects when it could not run or did not succeed. */
export type RunXattr = (args: readonly string[]) => Promise<void>;

export interface QuarantineDeps {
  xattr?: RunXattr;
  now?: () => Date;
  /** The downloading agent named in the flag: the app's name. */
  agent?: string;
  eventId?: () => string;
}

/**
 * Flags as Safari writes them for a download (0x0083: downloaded from the web, to be checked by
 * Gatekeeper), the time in hexadecimal seconds, the agent and an event id.
 */
export function quarantineValue(at: Date, agent: string, eventId: string): string {
  const seconds = Math.floor(at.getTime() / 1000).toString(16);
  // The fields are separated by ';': an agent name must not add one.
  const name = agent.replace(/[;\r\n]/g, ' ').trim() || 'Video Collab Desktop';
  return `0083;${seconds};${name};${eventId.toUpperCase()}`;
}

/** xattr answers at once; a hung one must not hold a finished download for long. */
const XATTR_TIMEOUT_MS = 10_000;

const runXattr: RunXattr = (args) =>
  new Promise<void>((resolve, reject) => {
    execFile('/usr/bin/xattr', [...args], { timeout: XATTR_TIMEOUT_MS }, (error) =>
      error ? reject(error) : resolve(),
    );
  });

/** Flags `filePath` as downloaded from the internet; true when the flag is on it. */
export async function quarantine(filePath: string, deps: QuarantineDeps = {}): Promise<boolean> {
  const value = quarantineValue(
    (deps.now ?? (() => new Date()))(),
    deps.agent ?? 'Video Collab Desktop',
    (deps.eventId ?? randomUUID)(),
  );
  try {
    await (deps.xattr ?? runXattr)(['-w', 'com.apple.quarantine', value, filePath]);
    return true;
  } catch {
    return false;
  }
}
