import { posix, win32 } from 'node:path';
import { z } from 'zod';
import { normaliseUrl } from '../../api/service-url';
import { blankToNull, toBoolean, toInteger, toList, trimmed } from './coerce';
import { parseWatchedFolderEntry } from './watched-folder-entry';

/**
 * The kinds of value an organisation can manage, each built once with its zod type, the sentence a
 * problem line and the reference table use ("expected …"), and the registry type Group Policy writes.
 * Building them here keeps the type, the text and the templates from drifting apart.
 */

export type SettingCategory = 'connection' | 'signIn' | 'updates' | 'uploads' | 'notifications' | 'startup' | 'general';

/** `REG_SZ list`: a subkey named after the policy holding REG_SZ values `1`, `2`, … (Chromium's form). */
export type RegistryType = 'REG_SZ' | 'REG_DWORD' | 'REG_SZ list';

export type PolicyLevel = 'mandatory' | 'recommended';

/** What IT reads about a setting, and what the app needs to know to honour it. */
export interface SettingInfo {
  /** Short name: Group Policy editor, docs. */
  title: string;
  /** One sentence for IT. */
  description: string;
  category: SettingCategory;
  /** May be set as mandatory: the app shows the value, disabled, "Managed by your organisation". */
  lockable: boolean;
  /** May be set as recommended: the app's default, which the person may change. */
  recommendable: boolean;
  /** The person's own setting this overrides (for the app to wire), or null when there is none. */
  userSetting: string | null;
  /** Values are never written to a log line. */
  secret?: boolean;
  /**
   * Only an organisation's policy may set it, not a flag or the environment: whom to trust must not be
   * changeable by whoever can start the app (the packaged app turns NODE_EXTRA_CA_CERTS off for that).
   */
  policyOnly?: boolean;
  /** Where the generated examples (policy.json, .mobileconfig) put this key. */
  exampleLevel: PolicyLevel;
  /**
   * What an installed app does when nothing sets it, for a setting whose `default` serves a run from
   * source only (the demo sandbox's address): the reference and About say this instead, so IT never
   * reads an address no installed app would use.
   */
  installedDefault?: string;
}

interface SettingOf<K extends string, T> extends SettingInfo {
  kind: K;
  /** Accepts whatever any source holds (see coerce.ts) and answers the app's form of the value. */
  type: z.ZodType<T>;
  default: T;
  example: T;
  /** "a whole number from 1 to 16": the end of a problem line, and the reference table's Value column. */
  expected: string;
  registry: RegistryType;
}

export interface TimeWindow {
  /** `HH:MM`, 24-hour clock. */
  start: string;
  /** `HH:MM`; before `start` when the window crosses midnight. */
  end: string;
}

export type BooleanSetting = SettingOf<'boolean', boolean>;
export interface IntegerSetting extends SettingOf<'integer', number> {
  min: number;
  max: number;
}
export interface UrlSetting<T extends string | null> extends SettingOf<'url', T> {
  optional: boolean;
}
export interface EnumSetting<T extends string> extends SettingOf<'enum', T> {
  values: readonly T[];
  /** Shown in the Group Policy editor's drop-down. */
  labels: Record<T, string>;
}
export interface ListSetting<T extends string> extends SettingOf<'list', T[]> {
  /** The only items allowed, when the list is a choice among fixed words. */
  values?: readonly T[];
}
/** A file on this computer, named by its absolute path (Windows or POSIX form). */
export interface PathSetting extends SettingOf<'path', string | null> {
  optional: true;
}
export interface TimeWindowSetting extends SettingOf<'timeWindow', TimeWindow | null> {
  optional: true;
}
/** A short line of text in a fixed form (a proxy's host:port, a bypass list), or unset. */
export interface TextSetting extends SettingOf<'text', string | null> {
  optional: true;
}

export type AnySetting =
  | BooleanSetting
  | IntegerSetting
  | UrlSetting<string | null>
  | EnumSetting<string>
  | ListSetting<string>
  | PathSetting
  | TimeWindowSetting
  | TextSetting;

type Info<T> = SettingInfo & { default: T; example: T };

export function booleanSetting(info: Info<boolean>): BooleanSetting {
  return {
    ...info,
    kind: 'boolean',
    registry: 'REG_DWORD',
    expected: 'true or false (a DWORD 1 or 0 in the registry)',
    type: z.preprocess(toBoolean, z.boolean()),
  };
}

export function integerSetting(info: Info<number> & { min: number; max: number; unit: string }): IntegerSetting {
  const { unit, ...rest } = info;
  return {
    ...rest,
    kind: 'integer',
    registry: 'REG_DWORD',
    expected: `a whole number of ${unit} from ${info.min} to ${info.max}`,
    type: z.preprocess(toInteger, z.number().int().min(info.min).max(info.max)),
  };
}

/** The same rule as the sign-in page's Advanced choice: https, or plain http to this computer only. */
const webAddress = z
  .string()
  .refine((value) => {
    try {
      normaliseUrl(value);
      return true;
    } catch {
      return false;
    }
  })
  .transform((value) => normaliseUrl(value));

const urlExpected = 'a web address starting with https:// (http:// only for this computer)';

export function urlSetting(info: Info<string>): UrlSetting<string> {
  return { ...info, kind: 'url', optional: false, registry: 'REG_SZ', expected: urlExpected, type: webAddress };
}

/** Unset, or set to blank, means the app works the value out itself. */
export function optionalUrlSetting(info: Info<string | null>): UrlSetting<string | null> {
  return {
    ...info,
    kind: 'url',
    optional: true,
    registry: 'REG_SZ',
    expected: `${urlExpected}, or empty`,
    type: z.preprocess(blankToNull, z.union([z.null(), webAddress])),
  };
}

/** A web address the app fetches code from: https only, never plain http (not even to this computer). */
const httpsAddress = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hash === '';
    } catch {
      return false;
    }
  })
  .transform((value) => value.replace(/\/+$/, ''));

/** Unset, or blank, means the built-in value; otherwise an https:// address without a user name or password. */
export function optionalHttpsUrlSetting(info: Info<string | null>): UrlSetting<string | null> {
  return {
    ...info,
    kind: 'url',
    optional: true,
    registry: 'REG_SZ',
    expected: 'a web address starting with https://, or empty',
    type: z.preprocess(blankToNull, z.union([z.null(), httpsAddress])),
  };
}

/**
 * Unset, or blank, means none; otherwise the text must match `pattern` (checked after trimming), so a
 * typing mistake in a policy is reported by name rather than half-applied.
 */
export function optionalTextSetting(
  info: Info<string | null> & { pattern: RegExp; expected: string; maxLength?: number },
): TextSetting {
  const { pattern, expected, maxLength = 2048, ...rest } = info;
  return {
    ...rest,
    kind: 'text',
    optional: true,
    registry: 'REG_SZ',
    expected: `${expected}, or empty`,
    type: z.preprocess(
      (raw) => blankToNull(trimmed(raw)),
      z.union([z.null(), z.string().max(maxLength).regex(pattern)]),
    ),
  };
}

/**
 * Unset, or blank, means none. Either form of absolute path is accepted wherever the check runs, so
 * the docs' Windows example is valid on a Mac and a relative path (which would depend on the folder
 * the app happened to start in) is refused.
 */
export function optionalPathSetting(info: Info<string | null>): PathSetting {
  const absolute = z
    .string()
    .max(1024)
    .refine((value) => !value.includes('\0') && (win32.isAbsolute(value) || posix.isAbsolute(value)));
  return {
    ...info,
    kind: 'path',
    optional: true,
    registry: 'REG_SZ',
    expected: 'the full path of a file on this computer, or empty',
    type: z.preprocess((raw) => blankToNull(trimmed(raw)), z.union([z.null(), absolute])),
  };
}

/** Matches the words case-insensitively ("EN-gb" is en-GB) and answers the canonical spelling. */
function canonicalWord<T extends string>(values: readonly T[]): (raw: unknown) => unknown {
  const byLower = new Map(values.map((value) => [value.toLowerCase(), value]));
  return (raw) => (typeof raw === 'string' ? (byLower.get(raw.trim().toLowerCase()) ?? raw) : raw);
}

const oneOf = <T extends string>(values: readonly T[]) =>
  z.custom<T>((value) => typeof value === 'string' && (values as readonly string[]).includes(value));

export function enumSetting<const T extends string>(
  info: Info<T> & { values: readonly T[]; labels: Record<T, string> },
): EnumSetting<T> {
  return {
    ...info,
    kind: 'enum',
    registry: 'REG_SZ',
    expected: `one of ${info.values.join(', ')}`,
    type: z.preprocess(canonicalWord(info.values), oneOf(info.values)),
  };
}

const unique = <T>(items: T[]): T[] => [...new Set(items)];

/** A list of fixed words; `minItems: 1` where an empty list would leave the app unusable. */
export function wordListSetting<const T extends string>(
  info: Info<T[]> & { values: readonly T[]; minItems: number },
): ListSetting<T> {
  const { minItems, ...rest } = info;
  const canonical = canonicalWord(info.values);
  return {
    ...rest,
    kind: 'list',
    registry: 'REG_SZ list',
    expected: `a list of ${info.values.join(', ')}${minItems > 0 ? ` (at least ${minItems})` : ''}`,
    type: z.preprocess(
      (raw) => {
        const list = toList(raw);
        return Array.isArray(list) ? list.map(canonical) : list;
      },
      z.array(oneOf(info.values)).min(minItems).transform(unique),
    ),
  };
}

/** File name extensions without the dot, in lower case: `.MP4` and `mp4` are the same type. */
export function extensionListSetting(info: Info<string[]>): ListSetting<string> {
  const extension = z.string().regex(/^[a-z0-9]{1,16}$/);
  return {
    ...info,
    kind: 'list',
    registry: 'REG_SZ list',
    expected: 'a list of file name extensions such as mp4, mov (empty: any type)',
    type: z.preprocess((raw) => {
      const list = toList(raw);
      return Array.isArray(list) ? list.map((item: string) => item.replace(/^\./, '').toLowerCase()) : list;
    }, z.array(extension).transform(unique)),
  };
}

/** Folders the app watches for new recordings, one `<folder> | <target> [| <types>]` per item (watched-folder-entry.ts). */
export function watchedFolderListSetting(info: Info<string[]>): ListSetting<string> {
  const entry = z.string().refine((text) => parseWatchedFolderEntry(text) !== undefined);
  return {
    ...info,
    kind: 'list',
    registry: 'REG_SZ list',
    expected: 'a list of `folder | target | types` entries, the target my-files, group:<id> or portfolio:<id>',
    type: z.preprocess(toList, z.array(entry).transform(unique)),
  };
}

const clockPart = (hours: string, minutes: string): string | null => {
  const h = Number(hours);
  const m = Number(minutes);
  return h <= 23 && m <= 59 ? `${String(h).padStart(2, '0')}:${minutes}` : null;
};

/** `HH:MM-HH:MM` on the 24-hour clock (`7:30` is read as 07:30); it may cross midnight, never be empty. */
const clockWindow = z.string().transform((text, context) => {
  const match = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(text);
  const start = match ? clockPart(match[1]!, match[2]!) : null;
  const end = match ? clockPart(match[3]!, match[4]!) : null;
  if (start === null || end === null || start === end) {
    context.issues.push({ code: 'custom', message: 'not a time window', input: text });
    return z.NEVER;
  }
  return { start, end };
});

/** The app's own form, `{ start, end }` (the person's settings), is read as its text. */
function windowText(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const { start, end } = raw as Partial<Record<keyof TimeWindow, unknown>>;
  return typeof start === 'string' && typeof end === 'string' ? `${start}-${end}` : raw;
}

export function timeWindowSetting(info: Info<TimeWindow | null>): TimeWindowSetting {
  return {
    ...info,
    kind: 'timeWindow',
    optional: true,
    registry: 'REG_SZ',
    expected: 'a time window HH:MM-HH:MM on the 24-hour clock, e.g. 22:00-07:00, or empty for none',
    type: z.preprocess((raw) => blankToNull(trimmed(windowText(raw))), z.union([z.null(), clockWindow])),
  };
}

/** How a value is written in a policy file, the registry and the docs (`22:00-07:00`, `mp4,mov`). */
export function formatValue(value: unknown): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') {
    const { start, end } = value as TimeWindow;
    return `${start}-${end}`;
  }
  return String(value);
}
