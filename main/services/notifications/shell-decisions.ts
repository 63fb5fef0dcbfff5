import type { TrayAction } from './tray';

/**
 * Decisions the Electron shell (main/electron/notifications-shell.ts) only carries out: what closing
 * the window does, the login-item settings, how the unread count is shown on each platform. Plain
 * functions, so they are tested without Electron.
 */

export type CloseDecision = 'hide' | 'hide-and-explain' | 'close';

/**
 * Closing the window: with close-to-tray on, hide it (the first time with an explanation); when the
 * app is quitting (menu, tray Quit, shutdown), or the setting is off, let it close.
 */
export function decideClose(input: { closeToTray: boolean; explained: boolean; quitting: boolean }): CloseDecision {
  if (input.quitting || !input.closeToTray) return 'close';
  return input.explained ? 'hide' : 'hide-and-explain';
}

/** The argument that marks a start at login: the app starts in the tray without showing its window. */
export const HIDDEN_START_ARG = '--hidden';

export interface LoginItemPlan {
  openAtLogin: boolean;
  /** macOS only (ignored elsewhere). */
  openAsHidden?: boolean;
  /** Windows: arguments for the login item. */
  args?: string[];
}

export function loginItemPlan(startAtLogin: boolean, platform: string): LoginItemPlan {
  if (platform === 'darwin') return { openAtLogin: startAtLogin, openAsHidden: startAtLogin };
  if (platform === 'win32') return { openAtLogin: startAtLogin, args: startAtLogin ? [HIDDEN_START_ARG] : [] };
  return { openAtLogin: startAtLogin };
}

/** True when this start should stay in the tray (started at login). */
export function startsHidden(argv: readonly string[], wasOpenedAsHidden = false): boolean {
  return wasOpenedAsHidden || argv.includes(HIDDEN_START_ARG);
}

export type UnreadBadge =
  | { kind: 'count'; count: number }
  | { kind: 'overlay'; count: number; text: string; description: string }
  | { kind: 'clear-overlay' };

/**
 * The unread count outside the tray: the dock badge on macOS, the launcher count on Linux (Unity
 * launcher API, where the desktop supports it), an overlay icon on the taskbar button on Windows.
 */
export function unreadBadge(count: number, platform: string): UnreadBadge {
  const shown = Math.max(0, Math.floor(count));
  if (platform === 'win32') {
    if (shown === 0) return { kind: 'clear-overlay' };
    return {
      kind: 'overlay',
      count: shown,
      text: shown > 99 ? '99+' : String(shown),
      description: shown === 1 ? '1 unread notification' : `${shown} unread notifications`,
    };
  }
  return { kind: 'count', count: shown };
}

/** The native notification that explains, once, that the app is still running in the tray. */
export function closeToTrayExplanation(appName: string, platform: string): { title: string; body: string } {
  const where = platform === 'darwin' ? 'the menu bar' : 'the system tray';
  return {
    title: `${appName} is still running`,
    body: `It keeps checking for notifications from ${where}. To quit, use Quit in its menu; to quit when you close the window instead, change this in Notifications settings.`,
  };
}

/** How often the shell asks whether the machine is online: as often as the poller, never more than every 15 s. */
export function onlineCheckIntervalMs(pollIntervalMs: number): number {
  return Math.max(15_000, Math.min(pollIntervalMs, 5 * 60_000));
}

/** What the shell can do for a tray menu entry. */
export interface TrayActionPorts {
  showMainWindow(): void;
  navigate(route: string): void;
  /** Marks the given notification seen, or all listed ones without an id. */
  markSeen(ids?: number[]): void;
  setDoNotDisturb(on: boolean): void;
  doNotDisturb(): boolean;
  signOut(): void;
  quit(): void;
}

/** Carries out a tray menu entry's action. */
export function performTrayAction(action: TrayAction, ports: TrayActionPorts): void {
  switch (action.type) {
    case 'open-window':
      ports.showMainWindow();
      return;
    case 'open-route':
      ports.showMainWindow();
      ports.navigate(action.route);
      if (action.notificationId !== undefined) ports.markSeen([action.notificationId]);
      return;
    case 'mark-all-seen':
      ports.markSeen();
      return;
    case 'toggle-do-not-disturb':
      ports.setDoNotDisturb(!ports.doNotDisturb());
      return;
    case 'sign-out':
      ports.signOut();
      return;
    case 'quit':
      ports.quit();
      return;
  }
}
