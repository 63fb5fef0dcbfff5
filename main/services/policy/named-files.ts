import { untrustedText, type CheckFile, type UntrustedReason } from './file-trust';
import type { PolicyLayer } from './layer';
import { keyFinder, policyNameOf } from './names';
import type { SourceInput } from './resolve';
import type { SettingsTable } from './schema';

/**
 * A file the app refused because someone besides an administrator could have written it: a policy file,
 * or the file a setting names (CaCertificateFile). About and the network check list these, by reason.
 */
export interface UntrustedFile {
  /** The file as named: the policy file's place, or the setting's value. */
  path: string;
  /** `policy` for a policy file; otherwise the policy that named the file, e.g. `CaCertificateFile`. */
  use: string;
  reason: UntrustedReason;
  /** The file itself, or the folder above it that broke the rule. */
  where: string;
}

export interface CheckedSources {
  sources: SourceInput[];
  untrusted: UntrustedFile[];
  /** Files that could not be judged (Windows, for now): read as before; a line for the log each. */
  unchecked: string[];
}

/**
 * Holds every file a policy names (the `path` settings) to the same rule as the policy files
 * (file-trust.ts). A refused one is taken out of its source with one problem line, so the next source
 * may still set that setting, as for any other wrong value. A missing file is left to whoever reads it
 * (CaCertificateFile logs it); a value the setting's type refuses is left to the resolver.
 */
export async function checkNamedFiles(
  sources: readonly SourceInput[],
  table: SettingsTable,
  checkFile: CheckFile,
): Promise<CheckedSources> {
  const find = keyFinder(Object.keys(table));
  const untrusted: UntrustedFile[] = [];
  const unchecked: string[] = [];
  const checked: SourceInput[] = [];
  for (const source of sources) {
    const layer: PolicyLayer = {
      ...source.layer,
      mandatory: { ...source.layer.mandatory },
      recommended: { ...source.layer.recommended },
      problems: [...source.layer.problems],
    };
    for (const level of ['mandatory', 'recommended'] as const) {
      for (const [written, raw] of Object.entries(layer[level])) {
        const key = find(written);
        const setting = key === undefined ? undefined : table[key];
        if (!key || setting?.kind !== 'path') continue;
        const parsed = setting.type.safeParse(raw);
        if (!parsed.success || typeof parsed.data !== 'string') continue;
        const path = parsed.data;
        const name = policyNameOf(key);
        try {
          const trust = await checkFile(path);
          if (trust.status === 'unchecked') unchecked.push(`${name} ${path}: ${trust.why}.`);
          if (trust.status !== 'untrusted') continue;
          untrusted.push({ path, use: name, reason: trust.reason, where: trust.where });
          layer.problems.push(`${name} ignored: ${path} is not trusted: ${untrustedText(trust)}.`);
        } catch (error) {
          layer.problems.push(`${name} ignored: ${path} could not be checked (${(error as Error).message}).`);
        }
        delete layer[level][written];
      }
    }
    checked.push({ ...source, layer });
  }
  return { sources: checked, untrusted, unchecked };
}
