/** The notification core: poller, seen state, toast decisions, tray model. No Electron here. */
export { NotificationPoller } from './poller';
export type {
  NotificationPollerDeps,
  NotificationsUpdate,
  PollerState,
  PollerStatus,
  DismissAllResult,
} from './poller';
export { SeenStore, SEEN_FILE_NAME } from './seen-store';
export type { AccountKey, SeenState, SeenStoreOptions } from './seen-store';
export { realScheduler } from './scheduler';
export type { Scheduler, TimerHandle } from './scheduler';
export { defaultPollTiming, clampInterval, healthyDelay, backoffDelay } from './schedule';
export type { PollTiming } from './schedule';
export { decideToasts, inQuietHours } from './toasts';
export type { ToastDecision, ToastModel, ToastSuppression } from './toasts';
export { computeTray, trayUploadsFrom, TRAY_LATEST_COUNT, UPLOADS_ROUTE } from './tray';
export type { TrayState, TrayModel, TrayIcon, TrayAction, MenuItemModel, TrayUploads } from './tray';
export { notificationRoute, idsFromLink, NOTIFICATIONS_ROUTE, GROUP_INVITES_ROUTE } from './routes';
export { defaultNotificationSettings, readNotificationSettings, notificationSettingsSchema } from './settings';
export type { NotificationSettings } from './settings';
