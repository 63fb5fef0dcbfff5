import { emptyLayer, reasonOf, unreadableLayer, type PolicyLayer, type RunCommand } from '../layer';
import { REGISTRY_HIVES, REGISTRY_POLICY_PATH, REGISTRY_RECOMMENDED_SUBKEY } from '../locations';

/**
 * Windows policies, read with the system's own `reg.exe query <key> /s` and parsed from its text.
 * Chosen over a package: the native ones (registry-js, native-reg) need a build for each Electron
 * version and an unpacked .node file beside the asar, and winreg runs this same command behind an
 * older callback API. The output format is stable since Windows XP and a fixture of it tests the
 * parser on any OS.
 *
 * Layout (Chromium's): values of the policy key are mandatory, values of its `Recommended` subkey
 * recommended; a list is a subkey named after the policy holding REG_SZ values `1`, `2`, … (what an
 * ADMX `<list>` element writes). A REG_MULTI_SZ or a comma-separated REG_SZ is accepted for a list too.
 */

type Level = 'mandatory' | 'recommended';

interface Section {
  level: Level;
  /** Set when the section is a list subkey: the policy it belongs to. */
  list?: string;
}

/** `    Name    REG_SZ    data`: four spaces around each column; data is missing for an empty string. */
const valueLine = /^ {4}(.+?) {4}(REG_[A-Z0-9_]+)(?: {4}(.*))?$/;

function sectionOf(header: string, root: string): Section | null {
  const lowerHeader = header.toLowerCase();
  const lowerRoot = root.toLowerCase();
  if (lowerHeader === lowerRoot) return { level: 'mandatory' };
  if (!lowerHeader.startsWith(`${lowerRoot}\\`)) return null;
  const parts = header.slice(root.length + 1).split('\\');
  const recommended = parts[0]!.toLowerCase() === REGISTRY_RECOMMENDED_SUBKEY.toLowerCase();
  if (recommended && parts.length === 1) return { level: 'recommended' };
  if (recommended && parts.length === 2) return { level: 'recommended', list: parts[1]! };
  if (!recommended && parts.length === 1) return { level: 'mandatory', list: parts[0]! };
  return null;
}

/** The value reg.exe printed, in the type a policy uses; undefined for types policies never have. */
function valueOf(type: string, data: string): unknown {
  switch (type) {
    case 'REG_SZ':
    case 'REG_EXPAND_SZ':
      return data;
    case 'REG_DWORD':
    case 'REG_QWORD':
      return Number.parseInt(data, 16);
    case 'REG_MULTI_SZ':
      // reg.exe prints the strings joined by the two characters `\0`.
      return data === '' ? [] : data.split('\\0');
    default:
      return undefined;
  }
}

/** Parses the output of `reg query <root> /s`; `root` spelt out (`HKEY_LOCAL_MACHINE\SOFTWARE\…`). */
export function parseRegQuery(output: string, root: string): PolicyLayer {
  const layer = emptyLayer();
  const lists = new Map<string, { level: Level; name: string; items: [order: number, value: string][] }>();
  let section: Section | null = null;
  for (const line of output.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    if (!line.startsWith(' ')) {
      section = sectionOf(line.trim(), root);
      if (section?.list !== undefined) {
        lists.set(`${section.level}\\${section.list}`, { level: section.level, name: section.list, items: [] });
      }
      continue;
    }
    const match = section ? valueLine.exec(line) : null;
    if (!section || !match) continue;
    const [, name = '', type = '', data = ''] = match;
    const value = valueOf(type, data);
    if (value === undefined) {
      layer.problems.push(`${name} is a ${type} value; policies are REG_SZ or REG_DWORD. Ignored.`);
      continue;
    }
    if (section.list === undefined) {
      layer[section.level][name] = value;
    } else {
      const order = /^\d+$/.test(name) ? Number(name) : Number.MAX_SAFE_INTEGER;
      lists.get(`${section.level}\\${section.list}`)!.items.push([order, String(value)]);
    }
  }
  // A list subkey wins over a value of the same name: it is what the Group Policy editor writes.
  for (const { level, name, items } of lists.values()) {
    layer[level][name] = items.sort(([a], [b]) => a - b).map(([, value]) => value);
  }
  return layer;
}

/** Reads one hive's policies for the app; a key that does not exist is simply no policy. */
export async function readRegistryPolicy(
  hive: keyof typeof REGISTRY_HIVES,
  run: RunCommand,
  systemRoot: string,
): Promise<PolicyLayer> {
  const root = `${REGISTRY_HIVES[hive]}\\${REGISTRY_POLICY_PATH}`;
  // The full path, so a reg.exe planted in the working folder or on PATH is never the one run.
  const regExe = `${systemRoot.replace(/\\+$/, '')}\\System32\\reg.exe`;
  let result;
  try {
    result = await run(regExe, ['query', root, '/s']);
  } catch (error) {
    return unreadableLayer(`could not run reg.exe (${reasonOf(error)}); these policies are ignored.`);
  }
  if (result.exitCode === 0) return parseRegQuery(result.stdout, root);
  // Exit code 1 with nothing listed: the key is not there (the message itself is translated, so
  // it is not matched). Policies keys are readable by every user, so this is not a refusal.
  if (result.exitCode === 1 && result.stdout.trim() === '') return emptyLayer();
  return unreadableLayer(
    `reg.exe failed (exit code ${result.exitCode}: ${result.stderr.trim() || 'no message'}); these policies are ignored.`,
  );
}
