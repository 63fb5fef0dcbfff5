import type { CheckFile } from '../file-trust';
import { parse, parseBinary } from 'plist';
import { isRecord, reasonOf, unreadableLayer, readPolicyFile, type PolicyLayer, type ReadFile } from '../layer';
import { MAC_RECOMMENDED_KEY } from '../locations';

/**
 * macOS managed preferences: what a configuration profile forces for the app's domain, as macOS
 * writes it to `/Library/Managed Preferences[/<user>]/org.videocollab.desktop.plist`. Those files are
 * usually binary plists, sometimes XML; the `plist` package reads both in-process. Chosen over
 * `plutil -convert json`: no process to start, it works for a value JSON cannot hold (a date or data
 * in a profile makes plutil refuse the whole file), and the fixtures run on any OS.
 *
 * Top-level keys are mandatory; a `Recommended` dictionary holds recommended values (our convention,
 * the same shape as the Windows `Recommended` subkey and the Linux file's `recommended`).
 */

const binaryMagic = 'bplist';

function parsePlist(bytes: Uint8Array): unknown {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, binaryMagic.length));
  if (head === binaryMagic) return parseBinary(bytes);
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  // Anything else would reach the XML parser only to be refused (and echoed to stderr by it).
  if (!text.trimStart().startsWith('<')) throw new Error('neither XML nor binary');
  return parse(text);
}

export function parseManagedPreferences(bytes: Uint8Array): PolicyLayer {
  let root: unknown;
  try {
    root = parsePlist(bytes);
  } catch (error) {
    return unreadableLayer(`is not a property list (${firstLine(reasonOf(error))}); its policies are ignored.`);
  }
  if (!isRecord(root)) return unreadableLayer('does not hold a dictionary; its policies are ignored.');
  const { [MAC_RECOMMENDED_KEY]: recommended, ...mandatory } = root;
  const layer: PolicyLayer = { mandatory, recommended: {}, problems: [] };
  if (isRecord(recommended)) layer.recommended = recommended;
  else if (recommended !== undefined) layer.problems.push(`${MAC_RECOMMENDED_KEY} is not a dictionary. Ignored.`);
  return layer;
}

/** No file is no policy; a file that cannot be read or parsed is one problem, and nothing from it applies. */
export const readManagedPreferences = (path: string, readFile: ReadFile, checkFile: CheckFile): Promise<PolicyLayer> =>
  readPolicyFile(path, readFile, checkFile, parseManagedPreferences);

const firstLine = (text: string): string => text.split('\n')[0]!.trim();
