import type { AppNotification } from '../../api/notifications';
import { createTranslator, type Translator } from '../i18n';
import type { UploadTotals } from '../uploads/types';

/**
 * The tray icon, tooltip, badge and menu as plain data computed from a plain state object, so they
 * are tested without Electron; the lead's adapter turns the menu model into an Electron Menu.
 */

export interface TrayUploads {
  /** Files queued, checking, uploading or reconciling. */
  remaining: number;
  /** 0–100 over the current run; absent when unknown. */
  percent?: number;
  paused: number;
  failed: number;
}

export interface TrayState {
  signedIn: boolean;
  online: boolean;
  /** From the poller's update. */
  notifications: { items: readonly AppNotification[]; unseenCount: number; unseenIds: readonly number[] };
  uploads?: TrayUploads;
  doNotDisturb: boolean;
  /** Shown in the tooltip and the Open item. */
  appName?: string;
  /** A lesson being recorded (issue 30): how much is on disk so far. */
  recording?: { elapsedMs: number };
}

export type TrayIcon = 'signed-out' | 'offline' | 'idle' | 'unread' | 'uploading' | 'uploading-unread' | 'attention';

export type TrayAction =
  | { type: 'open-window' }
  | { type: 'open-route'; route: string; notificationId?: number }
  | { type: 'mark-all-seen' }
  | { type: 'toggle-do-not-disturb' }
  | { type: 'sign-out' }
  | { type: 'stop-recording' }
  | { type: 'quit' };

export type MenuItemModel =
  | { kind: 'action'; id: string; label: string; action: TrayAction }
  | { kind: 'checkbox'; id: string; label: string; checked: boolean; action: TrayAction }
  /** A line of information, shown disabled. */
  | { kind: 'status'; id: string; label: string }
  | { kind: 'separator' };

export interface TrayModel {
  icon: TrayIcon;
  tooltip: string;
  /** Unread count for the dock badge / taskbar overlay; 0 shows none. */
  badgeCount: number;
  menu: MenuItemModel[];
}

export const TRAY_LATEST_COUNT = 5;
/** The Transfers page (its old address `/uploads` only redirects there). */
export const UPLOADS_ROUTE = '/transfers';
const LABEL_LIMIT = 60;

/** The uploads queue's totals as the tray needs them. */
export function trayUploadsFrom(totals: UploadTotals): TrayUploads {
  const c = totals.counts;
  const remaining = c.queued + c.checking + c.uploading + c.reconciling;
  const percent =
    totals.active && totals.bytesTotal > 0
      ? Math.min(100, Math.floor((totals.bytesDone / totals.bytesTotal) * 100))
      : undefined;
  return { remaining, paused: c.paused, failed: c.failed, ...(percent !== undefined ? { percent } : {}) };
}

/** Electron reads `&` in menu labels as a keyboard mnemonic on Windows and Linux: double it. */
function menuText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const short = flat.length <= LABEL_LIMIT ? flat : `${flat.slice(0, LABEL_LIMIT - 1).trimEnd()}…`;
  return short.replace(/&/g, '&&');
}

function uploadLine(uploads: TrayUploads | undefined, t: Translator): string | undefined {
  if (!uploads) return undefined;
  if (uploads.remaining > 0) {
    return uploads.percent !== undefined
      ? t('main.tray.uploadingPercent', { percent: uploads.percent }, uploads.remaining)
      : t('main.tray.uploading', uploads.remaining);
  }
  if (uploads.failed > 0) return t('main.tray.uploadsFailed', uploads.failed);
  if (uploads.paused > 0) return t('main.tray.uploadsPaused', uploads.paused);
  return undefined;
}

/** Recording time as a clock reads it: 12:34, or 1:02:03 past the hour. */
export function recordingClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

function iconOf(state: TrayState): TrayIcon {
  if (!state.signedIn) return 'signed-out';
  if (!state.online) return 'offline';
  const unread = state.notifications.unseenCount > 0;
  if ((state.uploads?.remaining ?? 0) > 0) return unread ? 'uploading-unread' : 'uploading';
  if ((state.uploads?.failed ?? 0) > 0) return 'attention';
  return unread ? 'unread' : 'idle';
}

function notificationLabel(item: AppNotification, unseen: boolean, t: Translator): string {
  const title = item.title.trim() || item.message.trim() || t('main.tray.untitled');
  const who = item.actor?.fullName && !title.includes(item.actor.fullName) ? ` — ${item.actor.fullName}` : '';
  // Electron menus have no bold text, and a label is all a screen reader gets of an item: the word
  // says unread (a glyph such as '●' is read aloud as "black circle"). It comes first, so a long
  // title shortened at the end never cuts it off.
  const label = menuText(`${title}${who}`);
  return unseen ? t('main.tray.unread', { title: label }) : label;
}

/** The tray in the app's language (`t`; British English when none is given). */
export function computeTray(state: TrayState, t: Translator = createTranslator()): TrayModel {
  const appName = state.appName ?? t('app.name');
  const icon = iconOf(state);
  const open: MenuItemModel = {
    kind: 'action',
    id: 'open',
    label: t('main.tray.open', { appName }),
    action: { type: 'open-window' },
  };
  const quit: MenuItemModel = { kind: 'action', id: 'quit', label: t('main.tray.quit'), action: { type: 'quit' } };

  if (!state.signedIn) {
    return {
      icon,
      tooltip: `${appName} — ${t('main.tray.tooltip.signedOut')}`,
      badgeCount: 0,
      menu: [
        { kind: 'status', id: 'status', label: t('main.tray.signedOut') },
        { kind: 'separator' },
        open,
        { kind: 'separator' },
        quit,
      ],
    };
  }

  const { items, unseenCount, unseenIds } = state.notifications;
  const unseen = new Set(unseenIds);
  const uploads = uploadLine(state.uploads, t);
  const unread = t('main.tray.unreadCount', unseenCount);
  const recording = state.recording
    ? t('main.tray.recording', { time: recordingClock(state.recording.elapsedMs) })
    : undefined;
  const parts = [
    // A running recording matters most: first, so a tooltip cut short still says it.
    ...(recording ? [recording] : []),
    unread,
    ...(uploads ? [uploads] : []),
    ...(!state.online ? [t('main.tray.tooltip.offline')] : []),
    ...(state.doNotDisturb ? [t('main.tray.tooltip.doNotDisturb')] : []),
  ];

  const menu: MenuItemModel[] = [];
  if (recording) {
    menu.push(
      { kind: 'status', id: 'recording-status', label: recording },
      { kind: 'action', id: 'stop-recording', label: t('main.tray.stopRecording'), action: { type: 'stop-recording' } },
      { kind: 'separator' },
    );
  }
  menu.push({ kind: 'status', id: 'notifications-status', label: unread });
  if (!state.online) menu.push({ kind: 'status', id: 'offline', label: t('main.tray.offline') });
  const latest = items.slice(0, TRAY_LATEST_COUNT);
  for (const item of latest) {
    menu.push({
      kind: 'action',
      id: `notification-${item.id}`,
      label: notificationLabel(item, unseen.has(item.id), t),
      action: { type: 'open-route', route: item.route, notificationId: item.id },
    });
  }
  if (items.length > TRAY_LATEST_COUNT) {
    menu.push({
      kind: 'action',
      id: 'all-notifications',
      label: t('main.tray.allNotifications'),
      action: { type: 'open-route', route: '/notifications' },
    });
  }
  if (unseenCount > 0)
    menu.push({
      kind: 'action',
      id: 'mark-all-seen',
      label: t('main.tray.markAllSeen'),
      action: { type: 'mark-all-seen' },
    });
  if (uploads) {
    menu.push({ kind: 'separator' });
    menu.push({ kind: 'action', id: 'uploads', label: uploads, action: { type: 'open-route', route: UPLOADS_ROUTE } });
  }
  menu.push({ kind: 'separator' });
  // Recording a lesson (issue 30) from the tray: the Record page, where the devices and questions are
  // (while one records, the Stop item at the top takes its place).
  if (!recording) {
    menu.push({
      kind: 'action',
      id: 'record',
      label: t('main.tray.record'),
      action: { type: 'open-route', route: '/record' },
    });
  }
  menu.push({
    kind: 'checkbox',
    id: 'do-not-disturb',
    label: t('main.tray.doNotDisturb'),
    checked: state.doNotDisturb,
    action: { type: 'toggle-do-not-disturb' },
  });
  menu.push(open, { kind: 'action', id: 'sign-out', label: t('main.tray.signOut'), action: { type: 'sign-out' } });
  menu.push({ kind: 'separator' }, quit);

  return { icon, tooltip: `${appName} — ${parts.join(' · ')}`, badgeCount: unseenCount, menu };
}
