import { isDeepStrictEqual } from 'node:util';
import type { ManagedConfig, SettingKey } from '../policy';
import { AppError } from '../app-error';

/**
 * Lays the organisation's policy over a settings store's own values. A store keeps every field (it
 * writes the whole file), so it also remembers which fields the person actually chose: a recommended
 * value is the default only until then, and a stored default never hides it. A locked value (a
 * mandatory policy, or a flag or the environment) wins over whatever is stored.
 */

export const MANAGED_SETTING_MESSAGE = 'This setting is managed by your organisation.';

/** One field of a store that a policy setting governs, and how the policy's value reads in the store's form. */
export interface ManagedField<T, F extends keyof T = keyof T> {
  field: F;
  key: SettingKey;
  /** `current` is the stored value, for the parts the policy has no word on (quiet hours' times when off). */
  fromPolicy: (value: unknown, current: T[F]) => T[F];
}

export interface Effective<T> {
  settings: T;
  /** The fields the person cannot change. */
  managed: Partial<Record<keyof T, true>>;
}

export function effectiveSettings<T extends object>(
  stored: T,
  chosen: ReadonlySet<keyof T>,
  fields: readonly ManagedField<T>[],
  config: ManagedConfig | undefined,
): Effective<T> {
  const settings = { ...stored };
  const managed: Partial<Record<keyof T, true>> = {};
  if (!config) return { settings, managed };
  for (const { field, key, fromPolicy } of fields) {
    if (config.locked(key)) {
      settings[field] = fromPolicy(config.get(key), stored[field]);
      managed[field] = true;
    } else if (!chosen.has(field) && config.source(key) === 'recommended') {
      settings[field] = fromPolicy(config.get(key), stored[field]);
    }
  }
  return { settings, managed };
}

/**
 * Refuses a patch that would change a locked field. The panels send every field of their form, so a
 * locked one sent back unchanged is fine: only a different value is a write to it.
 */
export function refuseLockedChanges<T extends object>(
  patch: Partial<T>,
  effective: Effective<T>,
  sameAs: (field: keyof T, value: unknown) => boolean = (field, value) =>
    isDeepStrictEqual(value, effective.settings[field]),
): void {
  for (const field of Object.keys(patch) as (keyof T)[]) {
    if (effective.managed[field] && patch[field] !== undefined && !sameAs(field, patch[field])) {
      throw new AppError('FORBIDDEN', MANAGED_SETTING_MESSAGE, { field: String(field), managed: true });
    }
  }
}

/** The fields the person has chosen after a save: those whose value now differs from what they were shown. */
export function chosenAfter<T extends object>(
  chosen: ReadonlySet<keyof T>,
  shown: T,
  next: T,
  fields: readonly ManagedField<T>[],
): Set<keyof T> {
  const result = new Set(chosen);
  for (const { field } of fields) {
    if (!isDeepStrictEqual(shown[field], next[field])) result.add(field);
  }
  return result;
}

/**
 * A file written before the app remembered choices has every field: the ones that differ from the
 * default were surely chosen; the others are taken as not chosen, so a recommended value applies.
 */
export function chosenInOldFile<T extends object>(stored: T, defaults: T, fields: readonly ManagedField<T>[]) {
  return new Set(fields.filter(({ field }) => !isDeepStrictEqual(stored[field], defaults[field])).map((f) => f.field));
}
