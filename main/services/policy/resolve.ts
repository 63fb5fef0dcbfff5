import type { AnySetting } from './kinds';
import type { PolicyLayer } from './layer';
import { envNameOf, flagNameOf, keyFinder } from './names';
import type { SettingsTable } from './schema';

/**
 * Merges the sources into one value per setting. Highest first: command-line flag, environment,
 * machine policy (mandatory), user policy (mandatory), the person's own setting, recommended policy
 * (machine, then user), the default. Recommended sits below the person's setting because that is
 * what it means: a default the person may change (Chromium's rule).
 *
 * Flags and the environment are development switches: they may set any setting, whether or not
 * policy may lock it, and what they set is locked for that run (changing it in the app would not last).
 * Only a run from source has them as sources: an installed app leaves them out before they get here
 * (launch-options.ts), so there a mandatory policy is the highest source.
 *
 * Every value is checked against its setting's type where it is read. A wrong one is dropped for
 * that key only, with one line naming the source and the key; the rest of that source still applies.
 */

export type SourceOrigin = 'flag' | 'env' | 'policy-machine' | 'policy-user';
export type SettingSource = SourceOrigin | 'recommended' | 'user' | 'default';

export interface SourceInput {
  origin: SourceOrigin;
  /** Where it was read, for problem lines and diagnostics: a registry key, a file path, "command line". */
  label: string;
  layer: PolicyLayer;
}

export interface ResolvedSetting {
  value: unknown;
  source: SettingSource;
  /** The person cannot change it in the app: a flag, the environment or a mandatory policy set it. */
  locked: boolean;
  /** The label of the source it came from ("default" for the default). */
  from: string;
}

export interface Resolution {
  settings: Record<string, ResolvedSetting>;
  problems: string[];
}

const originRank: Record<SourceOrigin, number> = { flag: 0, env: 1, 'policy-machine': 2, 'policy-user': 3 };
const USER_RANK = 10;
const RECOMMENDED_RANK = 20;
const DEFAULT_RANK = 30;

const isPolicy = (origin: SourceOrigin) => origin === 'policy-machine' || origin === 'policy-user';

/** How a source names the setting, so the line says what IT or support actually typed. */
function shownName(origin: SourceOrigin, key: string, written: string): string {
  if (origin === 'flag') return flagNameOf(key);
  if (origin === 'env') return envNameOf(key);
  return written;
}

/** A short rendering of a wrong value: enough to spot the typo, never a password in a URL. */
function preview(raw: unknown): string {
  let text: string;
  if (raw instanceof Uint8Array) text = `<${raw.length} bytes of data>`;
  else if (raw instanceof Date) text = raw.toISOString();
  else text = JSON.stringify(raw) ?? String(raw);
  text = text.replace(/(\/\/)[^/@\s"]*@/g, '$1[redacted]@');
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function wrongValue(where: string, name: string, setting: AnySetting, raw: unknown): string {
  const found = setting.secret ? ' (value not shown)' : `; found ${preview(raw)}`;
  return `${where}: ${name} ignored: expected ${setting.expected}${found}.`;
}

interface Candidate extends ResolvedSetting {
  rank: number;
}

export function resolveSettings(
  table: SettingsTable,
  sources: readonly SourceInput[],
  userSettings: Record<string, unknown>,
): Resolution {
  const problems: string[] = [];
  const best = new Map<string, Candidate>();
  const offer = (key: string, candidate: Candidate) => {
    const current = best.get(key);
    if (!current || candidate.rank < current.rank) best.set(key, candidate);
  };
  const find = keyFinder(Object.keys(table));
  const reportedUnknown = new Set<string>();
  const unknown = (where: string, name: string) => {
    if (reportedUnknown.has(name.toLowerCase())) return;
    reportedUnknown.add(name.toLowerCase());
    problems.push(`${where}: ${name} is not a setting this version knows. Ignored.`);
  };

  const ordered = [...sources].sort((a, b) => originRank[a.origin] - originRank[b.origin]);
  for (const { origin, label, layer } of ordered) {
    problems.push(...layer.problems.map((problem) => `${label}: ${problem}`));
    for (const level of ['mandatory', 'recommended'] as const) {
      const where = level === 'recommended' ? `${label} (recommended)` : label;
      for (const [written, raw] of Object.entries(layer[level])) {
        const key = find(written);
        if (key === undefined) {
          unknown(where, written);
          continue;
        }
        const setting = table[key]!;
        const name = shownName(origin, key, written);
        if (!isPolicy(origin) && setting.policyOnly) {
          problems.push(`${where}: ${name} can only be set by the organisation's policy. Ignored.`);
          continue;
        }
        if (isPolicy(origin) && level === 'mandatory' && !setting.lockable) {
          problems.push(`${where}: ${name} cannot be mandatory; set it as recommended. Ignored.`);
          continue;
        }
        if (isPolicy(origin) && level === 'recommended' && !setting.recommendable) {
          problems.push(`${where}: ${name} cannot be recommended; set it as mandatory. Ignored.`);
          continue;
        }
        const parsed = setting.type.safeParse(raw);
        if (!parsed.success) {
          problems.push(wrongValue(where, name, setting, raw));
          continue;
        }
        const mandatory = level === 'mandatory';
        offer(key, {
          value: parsed.data,
          source: mandatory ? origin : 'recommended',
          locked: mandatory,
          from: where,
          rank: mandatory ? originRank[origin] : RECOMMENDED_RANK + originRank[origin],
        });
      }
    }
  }

  for (const [key, raw] of Object.entries(userSettings)) {
    const setting = table[key];
    if (setting === undefined) {
      unknown('user settings', key);
      continue;
    }
    const parsed = setting.type.safeParse(raw);
    if (parsed.success) {
      offer(key, { value: parsed.data, source: 'user', locked: false, from: 'user settings', rank: USER_RANK });
    } else {
      problems.push(wrongValue('user settings', key, setting, raw));
    }
  }

  const settings: Record<string, ResolvedSetting> = {};
  for (const [key, setting] of Object.entries(table)) {
    const { rank: _rank, ...chosen } = best.get(key) ?? {
      value: setting.default,
      source: 'default',
      locked: false,
      from: 'default',
      rank: DEFAULT_RANK,
    };
    settings[key] = chosen;
  }
  return { settings, problems };
}
