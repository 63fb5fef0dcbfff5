import { writeFile as nodeWriteFile } from 'node:fs/promises';
import { quarantine, type QuarantineDeps } from './quarantine';

/**
 * Telling the system a file came from the internet, as a browser does for its downloads. On Windows,
 * the "Mark of the Web": an alternate data stream `<file>:Zone.Identifier` saying the file came from
 * the Internet zone (3); Explorer, SmartScreen and Office read it (Protected View, "this file came from
 * another computer"). On macOS, the quarantine flag (quarantine.ts), which Gatekeeper reads. Linux
 * desktops have no such mark.
 */
export interface MarkOfTheWebDeps {
  /** `process.platform`, injected so tests can ask for Windows or macOS anywhere. */
  platform: NodeJS.Platform | string;
  /** Writes a whole file (Node's writeFile; NTFS takes `name:stream` as a path). */
  writeFile?: (path: string, data: string) => Promise<void>;
  /** macOS: how the quarantine flag is written (the system's xattr by default). */
  quarantine?: QuarantineDeps;
}

/**
 * `marked`: the system knows where the file came from; `not-needed`: this system has no mark;
 * `failed`: it has one, but this file could not get it (a disk without streams or extended
 * attributes), so nothing should open the file without the person's own decision.
 */
export type MarkResult = 'marked' | 'not-needed' | 'failed';

export interface WebOrigin {
  /** The page or service the file was found on. */
  referrerUrl: string;
  /** The address its bytes came from. */
  hostUrl: string;
}

/** A URL as written in the stream: without credentials or a fragment, which Windows does not need. */
function cleanUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.hash = '';
    return parsed.toString();
  } catch {
    return '';
  }
}

/** The stream's text, in the layout Chromium and Edge write. */
export function zoneIdentifierContent(origin: WebOrigin): string {
  const lines = ['[ZoneTransfer]', 'ZoneId=3'];
  const referrer = cleanUrl(origin.referrerUrl);
  const host = cleanUrl(origin.hostUrl);
  if (referrer) lines.push(`ReferrerUrl=${referrer}`);
  if (host) lines.push(`HostUrl=${host}`);
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Marks a saved file on Windows and macOS; does nothing elsewhere. A file system without streams or
 * extended attributes (FAT, some network shares) refuses: the file is still good, so that is
 * reported, not thrown.
 */
export async function markFromWeb(filePath: string, origin: WebOrigin, deps: MarkOfTheWebDeps): Promise<MarkResult> {
  if (deps.platform === 'darwin') return (await quarantine(filePath, deps.quarantine)) ? 'marked' : 'failed';
  if (deps.platform !== 'win32') return 'not-needed';
  const write = deps.writeFile ?? ((path: string, data: string) => nodeWriteFile(path, data, 'utf8'));
  try {
    await write(`${filePath}:Zone.Identifier`, zoneIdentifierContent(origin));
    return 'marked';
  } catch {
    return 'failed';
  }
}
