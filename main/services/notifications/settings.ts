import { z } from 'zod';
import { clampInterval, defaultPollTiming } from './schedule';

/** The notification settings the person controls (the lead keeps them in the settings file). */
export interface NotificationSettings {
  /** How often to look while idle. */
  pollIntervalMs: number;
  /** No toasts at all (the tray still shows unread). */
  doNotDisturb: boolean;
  /** Local clock times `HH:MM`; may cross midnight (22:00 to 07:00). Equal times mean no quiet hours. */
  quietHours: { enabled: boolean; start: string; end: string };
  /** More new items than this at once become one summary toast. */
  summaryThreshold: number;
}

export const defaultNotificationSettings: NotificationSettings = {
  pollIntervalMs: defaultPollTiming.intervalMs,
  doNotDisturb: false,
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  summaryThreshold: 3,
};

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** Reads settings from disk or the renderer leniently: anything missing or wrong takes its default. */
export const notificationSettingsSchema = z.object({
  pollIntervalMs: z.number().transform(clampInterval).catch(defaultNotificationSettings.pollIntervalMs),
  doNotDisturb: z.boolean().catch(false),
  quietHours: z
    .object({
      enabled: z.boolean().catch(false),
      start: clock.catch(defaultNotificationSettings.quietHours.start),
      end: clock.catch(defaultNotificationSettings.quietHours.end),
    })
    .catch(defaultNotificationSettings.quietHours),
  summaryThreshold: z.number().int().min(1).max(50).catch(defaultNotificationSettings.summaryThreshold),
});

export function readNotificationSettings(raw: unknown): NotificationSettings {
  const parsed = notificationSettingsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : defaultNotificationSettings;
}
