import type { CachedAnswer, ErrorCode, Result } from './result';

export interface NotificationItem {
  id: number;
  /** comment | reply | share | member_added | post | post_comment | invite | ... (tolerant: any text). */
  kind: string;
  title: string;
  message: string;
  /** ISO 8601. */
  createdAt: string;
  actor?: { id: number; firstName: string; lastName: string; fullName: string; pictureUrl?: string };
  communityId?: number;
  portfolioId?: number;
  commentId?: number;
  postId?: number;
  /** The in-app route that shows the related item, e.g. /portfolios/7#comment-33. */
  route: string;
  seen: boolean;
}

export interface NotificationsState {
  /** Newest first. */
  items: NotificationItem[];
  unseenCount: number;
  status: 'signed-out' | 'offline' | 'polling' | 'waiting' | 'backing-off' | 'stopped';
  /** The last poll's problem, while it lasts. */
  problem?: { code: ErrorCode; message: string };
  /** ISO 8601 of the last successful poll. */
  lastSuccessAt?: string;
  /**
   * The service cannot be reached: `items` are the list as it was at `asOf` (this session's last
   * poll, or the copy kept on disk from before). Absent while the list is live.
   */
  cached?: CachedAnswer;
}

export interface NotificationSettings {
  pollIntervalMs: number;
  doNotDisturb: boolean;
  quietHours: { enabled: boolean; start: string; end: string };
  /** More new items than this at once give one summary toast. */
  summaryThreshold: number;
  /** Closing the window keeps the app in the tray (else it quits). */
  closeToTray: boolean;
  /** Start hidden in the tray when the user logs in to the computer. */
  startAtLogin: boolean;
  /**
   * Read only, from the OS: macOS has the login item but waits for the person to allow it in System
   * Settings → General → Login Items. Absent otherwise; never saved, and not accepted in a patch.
   */
  startAtLoginNeedsApproval?: true;
  /**
   * Read only, from the desktop: it shows no tray icons (stock GNOME), so closing the window quits
   * whatever `closeToTray` says. Absent where a tray is shown; never saved, not accepted in a patch.
   */
  trayNotShown?: true;
  /** Read only: the fields the organisation's policy fixes; the panel shows them disabled. */
  managed?: Partial<Record<'pollIntervalMs' | 'quietHours' | 'startAtLogin' | 'closeToTray', true>>;
}

/**
 * What main accepts for the poll interval (the page uses the same bounds), and what the person has
 * before choosing. The policy schema reads them here too (main/services/policy/schema.ts), so a policy
 * can never ask for what the app would refuse from the person, and the policy code need not import the
 * notifications feature that depends on it.
 */
export const notificationSettingsLimits = {
  // 1 s to an hour.
  pollIntervalMs: { min: 1_000, max: 60 * 60_000 },
} as const;

export const notificationSettingsDefaults = {
  pollIntervalMs: 60_000,
  // Closing the window keeps the app in the tray unless the person chooses otherwise.
  closeToTray: true,
  startAtLogin: false,
} as const;

export interface NotificationsInvoke {
  'notifications:get': () => Promise<Result<NotificationsState>>;
  /** Polls now. */
  'notifications:refresh': () => Promise<Result<NotificationsState>>;
  /** Marks the given items seen, or all listed ones when no ids are given. */
  'notifications:mark-seen': (ids?: number[]) => Promise<Result<NotificationsState>>;
  'notifications:dismiss': (id: number) => Promise<Result<NotificationsState>>;
  /** Dismisses every notification in order; reports those that failed. */
  'notifications:dismiss-all': () => Promise<
    Result<{ dismissed: number; failed: { id: number; code: ErrorCode; message: string }[] }>
  >;
  'notifications:get-settings': () => Promise<Result<NotificationSettings>>;
  'notifications:set-settings': (patch: Partial<NotificationSettings>) => Promise<Result<NotificationSettings>>;
}

export interface NotificationsEvents {
  /** The list, the unread count or the poller's state changed. */
  'notifications:changed': NotificationsState;
}

export const notificationsInvokeChannels = {
  'notifications:get': true,
  'notifications:refresh': true,
  'notifications:mark-seen': true,
  'notifications:dismiss': true,
  'notifications:dismiss-all': true,
  'notifications:get-settings': true,
  'notifications:set-settings': true,
} as const satisfies Record<keyof NotificationsInvoke, true>;

export const notificationsEventChannels = {
  'notifications:changed': true,
} as const satisfies Record<keyof NotificationsEvents, true>;
