import { join } from 'node:path';
import { z } from 'zod';
import type { NotificationSettings as AppNotificationSettings } from '../../../preload/contract/notifications';
import { JsonFile } from '../settings/json-file';
import { defaultNotificationSettings, notificationSettingsSchema } from './settings';

/**
 * The notification settings the person controls (poll interval, do not disturb, quiet hours, tray
 * behaviour, start at login), plus one thing the app remembers for itself: whether it has already
 * explained that closing the window keeps it in the tray. Kept in the data folder as JSON.
 */
export const NOTIFICATION_SETTINGS_FILE_NAME = 'notification-settings.json';

export const defaultAppNotificationSettings: AppNotificationSettings = {
  ...defaultNotificationSettings,
  quietHours: { ...defaultNotificationSettings.quietHours },
  // The issue: closing the window keeps the app in the tray unless the person chooses otherwise.
  closeToTray: true,
  startAtLogin: false,
};

/** Lenient on read: a hand-edited or older file keeps every value it got right and defaults the rest. */
const storedSchema = notificationSettingsSchema.extend({
  closeToTray: z.boolean().catch(defaultAppNotificationSettings.closeToTray),
  startAtLogin: z.boolean().catch(defaultAppNotificationSettings.startAtLogin),
  closeToTrayExplained: z.boolean().catch(false),
});

type Stored = z.output<typeof storedSchema>;

/** Applies a patch and normalises the result (an interval out of range is clamped, not refused). */
export function mergeNotificationSettings(
  current: AppNotificationSettings,
  patch: Partial<AppNotificationSettings>,
): AppNotificationSettings {
  const merged = { ...current, ...patch, quietHours: { ...current.quietHours, ...(patch.quietHours ?? {}) } };
  const { closeToTrayExplained: _ignored, ...settings } = storedSchema.parse({
    ...merged,
    closeToTrayExplained: false,
  });
  return settings;
}

export class NotificationSettingsStore {
  readonly path: string;
  private readonly file: JsonFile<typeof storedSchema>;
  private stored: Stored;
  private readonly listeners = new Set<(settings: AppNotificationSettings) => void>();
  /** What the OS said last about the login item (see `setStartAtLoginNeedsApproval`); kept in memory only. */
  private startAtLoginNeedsApproval = false;

  constructor(options: { dataFolder: string }) {
    this.path = join(options.dataFolder, NOTIFICATION_SETTINGS_FILE_NAME);
    this.file = new JsonFile(this.path, storedSchema, {
      ...defaultAppNotificationSettings,
      closeToTrayExplained: false,
    });
    this.stored = this.file.read();
  }

  get(): AppNotificationSettings {
    return { ...this.saved(), ...(this.startAtLoginNeedsApproval ? { startAtLoginNeedsApproval: true as const } : {}) };
  }

  /** Saves the patch and tells listeners when anything actually changed; answers the new settings. */
  update(patch: Partial<AppNotificationSettings>): AppNotificationSettings {
    const before = this.saved();
    const next = mergeNotificationSettings(before, patch);
    if (JSON.stringify(next) === JSON.stringify(before)) return this.get();
    this.save({ ...next, closeToTrayExplained: this.stored.closeToTrayExplained });
    const settings = this.get();
    for (const listener of this.listeners) listener(settings);
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

  /** The settings as saved, without what the OS reported. */
  private saved(): AppNotificationSettings {
    const { closeToTrayExplained: _ignored, ...settings } = this.stored;
    return { ...settings, quietHours: { ...settings.quietHours } };
  }

  private save(next: Stored): void {
    // Written first: a disk that refuses leaves memory and file agreeing (the caller sees the error).
    this.file.write(next);
    this.stored = next;
  }
}
