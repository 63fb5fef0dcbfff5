import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import {
  notificationSettingsDefaults,
  type NotificationSettings as AppNotificationSettings,
} from '../../../preload/contract/notifications';
import type { ManagedConfig, TimeWindow } from '../policy';
import { JsonFile } from '../settings/json-file';
import {
  chosenAfter,
  chosenInOldFile,
  effectiveSettings,
  refuseLockedChanges,
  type Effective,
  type ManagedField,
} from '../settings/managed-fields';
import { defaultNotificationSettings, notificationSettingsSchema } from './settings';

/**
 * The notification settings the person controls (poll interval, do not disturb, quiet hours, tray
 * behaviour, start at login), plus one thing the app remembers for itself: whether it has already
 * explained that closing the window keeps it in the tray. Kept in the data folder as JSON.
 */
export const NOTIFICATION_SETTINGS_FILE_NAME = 'notification-settings.json';

/** What the person sets and the file keeps (without what the OS or the policy adds). */
type ChosenSettings = Omit<AppNotificationSettings, 'startAtLoginNeedsApproval' | 'trayNotShown' | 'managed'>;

export const defaultAppNotificationSettings: ChosenSettings = {
  ...defaultNotificationSettings,
  quietHours: { ...defaultNotificationSettings.quietHours },
  closeToTray: notificationSettingsDefaults.closeToTray,
  startAtLogin: notificationSettingsDefaults.startAtLogin,
};

/** Lenient on read: a hand-edited or older file keeps every value it got right and defaults the rest. */
const storedSchema = notificationSettingsSchema.extend({
  closeToTray: z.boolean().catch(defaultAppNotificationSettings.closeToTray),
  startAtLogin: z.boolean().catch(defaultAppNotificationSettings.startAtLogin),
  closeToTrayExplained: z.boolean().catch(false),
  /** The fields the person chose (absent in files from before policies: worked out on read). */
  chosen: z
    .array(z.enum(['pollIntervalMs', 'quietHours', 'startAtLogin', 'closeToTray']))
    .optional()
    .catch(undefined),
});

/** The policy settings over this file's fields, in its units (milliseconds; quiet hours on or off with times). */
const managedFields: ManagedField<ChosenSettings>[] = [
  { field: 'pollIntervalMs', key: 'notificationIntervalSeconds', fromPolicy: (value) => (value as number) * 1000 },
  {
    field: 'quietHours',
    key: 'quietHours',
    // No window from the policy means no quiet hours; the person's times stay for when it goes.
    fromPolicy: (value, current) => {
      const window = value as TimeWindow | null;
      return window ? { enabled: true, ...window } : { ...(current as ChosenSettings['quietHours']), enabled: false };
    },
  },
  { field: 'startAtLogin', key: 'startAtLogin', fromPolicy: (value) => value as boolean },
  { field: 'closeToTray', key: 'closeToTray', fromPolicy: (value) => value as boolean },
];

const chosenFields = (chosen: Iterable<keyof ChosenSettings>) =>
  [...chosen].filter((field): field is NonNullable<Stored['chosen']>[number] =>
    managedFields.some((managed) => managed.field === field),
  );

type Stored = z.output<typeof storedSchema>;

/** Applies a patch and normalises the result (an interval out of range is clamped, not refused). */
export function mergeNotificationSettings(
  current: ChosenSettings,
  patch: Partial<AppNotificationSettings>,
): ChosenSettings {
  const { startAtLoginNeedsApproval: _os, trayNotShown: _desktop, managed: _policy, ...own } = patch;
  const merged = { ...current, ...own, quietHours: { ...current.quietHours, ...(own.quietHours ?? {}) } };
  const {
    closeToTrayExplained: _ignored,
    chosen: _chosen,
    ...settings
  } = storedSchema.parse({
    ...merged,
    closeToTrayExplained: false,
  });
  return settings;
}

export class NotificationSettingsStore {
  readonly path: string;
  private readonly file: JsonFile<typeof storedSchema>;
  private stored: Stored;
  private chosen: Set<keyof ChosenSettings>;
  private effective!: Effective<ChosenSettings>;
  private readonly listeners = new Set<(settings: AppNotificationSettings) => void>();
  /** What the OS said last about the login item (see `setStartAtLoginNeedsApproval`); kept in memory only. */
  private startAtLoginNeedsApproval = false;
  /** Whether the desktop shows tray icons (see `setTrayShown`); kept in memory only. */
  private trayShown = true;

  /** `managed`: the organisation's policy, read at start (absent: none, every field is the person's). */
  constructor(private readonly options: { dataFolder: string; managed?: ManagedConfig }) {
    this.path = join(options.dataFolder, NOTIFICATION_SETTINGS_FILE_NAME);
    this.file = new JsonFile(this.path, storedSchema, {
      ...defaultAppNotificationSettings,
      closeToTrayExplained: false,
      chosen: [],
    });
    this.stored = this.file.read();
    this.chosen = this.stored.chosen
      ? new Set(this.stored.chosen)
      : chosenInOldFile(this.saved(), defaultAppNotificationSettings, managedFields);
    this.recompute();
  }

  private recompute(): void {
    this.effective = effectiveSettings(this.saved(), this.chosen, managedFields, this.options.managed);
  }

  /** The settings in effect: the organisation's locked and recommended values over the person's. */
  get(): AppNotificationSettings {
    const { settings, managed } = this.effective;
    return {
      ...settings,
      quietHours: { ...settings.quietHours },
      ...(this.startAtLoginNeedsApproval ? { startAtLoginNeedsApproval: true as const } : {}),
      ...(this.trayShown ? {} : { trayNotShown: true as const }),
      ...(Object.keys(managed).length > 0 ? { managed: { ...managed } } : {}),
    };
  }

  /**
   * Saves the patch and tells listeners when anything actually changed; answers the new settings. A
   * change to a field the organisation fixed is refused.
   */
  update(patch: Partial<AppNotificationSettings>): AppNotificationSettings {
    const shown = this.effective.settings;
    const proposed = mergeNotificationSettings(shown, patch);
    const touched = Object.fromEntries(
      Object.keys(patch)
        .filter((field): field is keyof ChosenSettings => field in proposed)
        .map((field) => [field, proposed[field]]),
    ) as Partial<ChosenSettings>;
    refuseLockedChanges(touched, this.effective);
    const chosen = chosenAfter(this.chosen, shown, proposed, managedFields);
    // Only what the person changed is stored as theirs: an unchanged recommended value stays the
    // policy's, and a locked field keeps what they had (it comes back if the policy goes).
    const before = this.saved();
    const next: ChosenSettings = { ...proposed };
    for (const { field } of managedFields) {
      if (this.effective.managed[field] || isDeepStrictEqual(proposed[field], shown[field])) {
        (next as Record<string, unknown>)[field] = before[field];
      }
    }
    if (chosen.size === this.chosen.size && isDeepStrictEqual(next, before)) return this.get();
    const shownBefore = JSON.stringify(this.get());
    this.save({ ...next, closeToTrayExplained: this.stored.closeToTrayExplained, chosen: chosenFields(chosen) });
    this.chosen = chosen;
    this.recompute();
    const settings = this.get();
    if (JSON.stringify(settings) !== shownBefore) for (const listener of this.listeners) listener(settings);
    // Read again: a listener may have learnt what the OS made of it (macOS asks to approve the login
    // item), and the page shows that with the switch it just turned on.
    return this.get();
  }

  /**
   * The OS says whether the login item waits for the person's approval (macOS); the page shows a note
   * while it does. Not a setting: not saved, and no listener is told.
   */
  setStartAtLoginNeedsApproval(needsApproval: boolean): void {
    this.startAtLoginNeedsApproval = needsApproval;
  }

  /**
   * The desktop shows tray icons or not (stock GNOME does not); the page says why close-to-tray is
   * off while it does not. Not a setting: not saved, and no listener is told.
   */
  setTrayShown(shown: boolean): void {
    this.trayShown = shown;
  }

  onChange(listener: (settings: AppNotificationSettings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  closeToTrayExplained(): boolean {
    return this.stored.closeToTrayExplained;
  }

  markCloseToTrayExplained(): void {
    if (this.stored.closeToTrayExplained) return;
    this.save({ ...this.stored, closeToTrayExplained: true });
  }

  /** The settings as saved (the person's and the defaults), without what the OS or the policy adds. */
  private saved(): ChosenSettings {
    const { closeToTrayExplained: _ignored, chosen: _chosen, ...settings } = this.stored;
    return { ...settings, quietHours: { ...settings.quietHours } };
  }

  private save(next: Stored): void {
    // Written first: a disk that refuses leaves memory and file agreeing (the caller sees the error).
    this.file.write(next);
    this.stored = next;
  }
}
