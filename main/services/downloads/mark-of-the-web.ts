import { writeFile as nodeWriteFile } from 'node:fs/promises';

/**
 * Windows' "Mark of the Web": an alternate data stream `<file>:Zone.Identifier` saying the file came
 * from the Internet zone (3). Explorer, SmartScreen and Office read it (Protected View, "this file
 * came from another computer"), as for a browser's download. Other systems have no such stream.
 */
export interface MarkOfTheWebDeps {
  /** `process.platform`, injected so tests can ask for Windows anywhere. */
  platform: NodeJS.Platform | string;
  /** Writes a whole file (Node's writeFile; NTFS takes `name:stream` as a path). */
  writeFile?: (path: string, data: string) => Promise<void>;
}

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
 * Marks a saved file on Windows; does nothing elsewhere. A file system without streams (FAT, a
 * network share) refuses: the file is still good, so that is reported, not thrown.
 */
export async function markFromWeb(
  filePath: string,
  origin: WebOrigin,
  deps: MarkOfTheWebDeps,
): Promise<'marked' | 'not-windows' | 'not-supported'> {
  if (deps.platform !== 'win32') return 'not-windows';
  const write = deps.writeFile ?? ((path: string, data: string) => nodeWriteFile(path, data, 'utf8'));
  try {
    await write(`${filePath}:Zone.Identifier`, zoneIdentifierContent(origin));
    return 'marked';
  } catch {
    return 'not-supported';
  }
}
