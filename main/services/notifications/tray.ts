import type { AppNotification } from '../../api/notifications';
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
}

export type TrayIcon = 'signed-out' | 'offline' | 'idle' | 'unread' | 'uploading' | 'uploading-unread' | 'attention';

export type TrayAction =
  | { type: 'open-window' }
  | { type: 'open-route'; route: string; notificationId?: number }
  | { type: 'mark-all-seen' }
  | { type: 'toggle-do-not-disturb' }
  | { type: 'sign-out' }
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
export const UPLOADS_ROUTE = '/uploads';
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

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** Electron reads `&` in menu labels as a keyboard mnemonic on Windows and Linux: double it. */
function menuText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const short = flat.length <= LABEL_LIMIT ? flat : `${flat.slice(0, LABEL_LIMIT - 1).trimEnd()}…`;
  return short.replace(/&/g, '&&');
}

function uploadLine(uploads: TrayUploads | undefined): string | undefined {
  if (!uploads) return undefined;
  if (uploads.remaining > 0) {
    const percent = uploads.percent !== undefined ? ` (${uploads.percent}%)` : '';
    return `Uploading ${plural(uploads.remaining, 'file')}${percent}`;
  }
  if (uploads.failed > 0) return `${plural(uploads.failed, 'upload')} failed`;
  if (uploads.paused > 0) return `${plural(uploads.paused, 'upload')} paused`;
  return undefined;
}

function iconOf(state: TrayState): TrayIcon {
  if (!state.signedIn) return 'signed-out';
  if (!state.online) return 'offline';
  const unread = state.notifications.unseenCount > 0;
  if ((state.uploads?.remaining ?? 0) > 0) return unread ? 'uploading-unread' : 'uploading';
  if ((state.uploads?.failed ?? 0) > 0) return 'attention';
  return unread ? 'unread' : 'idle';
}

function notificationLabel(item: AppNotification, unseen: boolean): string {
  const title = item.title.trim() || item.message.trim() || 'Notification';
  const who = item.actor?.fullName && !title.includes(item.actor.fullName) ? ` — ${item.actor.fullName}` : '';
  // Electron menus have no bold text, and a label is all a screen reader gets of an item: the word
  // says unread (a glyph such as '●' is read aloud as "black circle"). It comes first, so a long
  // title shortened at the end never cuts it off.
  return `${unseen ? 'Unread: ' : ''}${menuText(`${title}${who}`)}`;
}

export function computeTray(state: TrayState): TrayModel {
  const appName = state.appName ?? 'Video Collab';
  const icon = iconOf(state);
  const open: MenuItemModel = { kind: 'action', id: 'open', label: `Open ${appName}`, action: { type: 'open-window' } };
  const quit: MenuItemModel = { kind: 'action', id: 'quit', label: 'Quit', action: { type: 'quit' } };

  if (!state.signedIn) {
    return {
      icon,
      tooltip: `${appName} — signed out`,
      badgeCount: 0,
      menu: [
        { kind: 'status', id: 'status', label: 'Signed out' },
        { kind: 'separator' },
        open,
        { kind: 'separator' },
        quit,
      ],
    };
  }

  const { items, unseenCount, unseenIds } = state.notifications;
  const unseen = new Set(unseenIds);
  const uploads = uploadLine(state.uploads);
  const parts = [
    unseenCount > 0 ? plural(unseenCount, 'unread notification') : 'No unread notifications',
    ...(uploads ? [uploads] : []),
    ...(!state.online ? ['offline'] : []),
    ...(state.doNotDisturb ? ['do not disturb'] : []),
  ];

  const menu: MenuItemModel[] = [];
  menu.push({
    kind: 'status',
    id: 'notifications-status',
    label: unseenCount > 0 ? plural(unseenCount, 'unread notification') : 'No unread notifications',
  });
  if (!state.online)
    menu.push({ kind: 'status', id: 'offline', label: 'Offline: notifications resume when back online' });
  const latest = items.slice(0, TRAY_LATEST_COUNT);
  for (const item of latest) {
    menu.push({
      kind: 'action',
      id: `notification-${item.id}`,
      label: notificationLabel(item, unseen.has(item.id)),
      action: { type: 'open-route', route: item.route, notificationId: item.id },
    });
  }
  if (items.length > TRAY_LATEST_COUNT) {
    menu.push({
      kind: 'action',
      id: 'all-notifications',
      label: 'All notifications…',
      action: { type: 'open-route', route: '/notifications' },
    });
  }
  if (unseenCount > 0)
    menu.push({ kind: 'action', id: 'mark-all-seen', label: 'Mark all as seen', action: { type: 'mark-all-seen' } });
  if (uploads) {
    menu.push({ kind: 'separator' });
    menu.push({ kind: 'action', id: 'uploads', label: uploads, action: { type: 'open-route', route: UPLOADS_ROUTE } });
  }
  menu.push({ kind: 'separator' });
  menu.push({
    kind: 'checkbox',
    id: 'do-not-disturb',
    label: 'Do not disturb',
    checked: state.doNotDisturb,
    action: { type: 'toggle-do-not-disturb' },
  });
  menu.push(open, { kind: 'action', id: 'sign-out', label: 'Sign out', action: { type: 'sign-out' } });
  menu.push({ kind: 'separator' }, quit);

  return { icon, tooltip: `${appName} — ${parts.join(' · ')}`, badgeCount: unseenCount, menu };
}
