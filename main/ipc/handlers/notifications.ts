import { z } from 'zod';
import type { NotificationsInvoke } from '../../../preload/contract';
import type { NotificationsService } from '../../services/notifications/service';
import { MAX_INTERVAL_MS, MIN_INTERVAL_MS } from '../../services/notifications/schedule';
import type { AreaHandlers } from '../handler';

export interface NotificationServices {
  notifications: NotificationsService;
}

const noArgs = z.tuple([]);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A page shows at most a few thousand; more is garbage, not a selection. */
const ids = z.array(id).max(10_000);
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Not a time of day (HH:MM)');

/** The renderer sends whole values: out-of-range numbers are refused here, not silently clamped. */
const settingsPatch = z.strictObject({
  pollIntervalMs: z.number().int().min(MIN_INTERVAL_MS).max(MAX_INTERVAL_MS).optional(),
  doNotDisturb: z.boolean().optional(),
  quietHours: z.strictObject({ enabled: z.boolean(), start: clock, end: clock }).optional(),
  summaryThreshold: z.number().int().min(1).max(50).optional(),
  closeToTray: z.boolean().optional(),
  startAtLogin: z.boolean().optional(),
});

/** The notification list, its actions and its settings. */
export function createNotificationHandlers(services: NotificationServices): AreaHandlers<NotificationsInvoke> {
  const { notifications } = services;
  return {
    'notifications:get': { args: noArgs, run: () => notifications.get() },
    'notifications:refresh': { args: noArgs, run: () => notifications.refresh() },
    'notifications:mark-seen': {
      // Without ids (or with undefined, as an optional argument arrives): everything listed.
      args: z.union([z.tuple([]), z.tuple([ids.optional()])]),
      run: (chosen?: number[]) => notifications.markSeen(chosen),
    },
    'notifications:dismiss': { args: z.tuple([id]), run: (notificationId) => notifications.dismiss(notificationId) },
    'notifications:dismiss-all': { args: noArgs, run: () => notifications.dismissAll() },
    'notifications:get-settings': { args: noArgs, run: () => notifications.getSettings() },
    'notifications:set-settings': {
      args: z.tuple([settingsPatch]),
      run: (patch) => notifications.setSettings(stripUndefined(patch)),
    },
  };
}

/** `{ doNotDisturb: undefined }` means "unchanged", never "reset". */
function stripUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
