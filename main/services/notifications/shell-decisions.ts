import { createTranslator, type Translator } from '../i18n';
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
 *
 * On a desktop that shows no tray icons (stock GNOME) it closes too, and so the app quits: a hidden
 * window there leaves an app nobody can see or reach. Minimising instead was weighed and left: GNOME
 * shows no minimise button by default and closing is how its apps end, so the close button keeps its
 * meaning; the settings page says why close-to-tray is off.
 */
export function decideClose(input: {
  closeToTray: boolean;
  explained: boolean;
  quitting: boolean;
  trayShown: boolean;
}): CloseDecision {
  if (input.quitting || !input.closeToTray || !input.trayShown) return 'close';
  return input.explained ? 'hide' : 'hide-and-explain';
}

/** The argument that marks a start at login: the app starts in the tray without showing its window. */
export const HIDDEN_START_ARG = '--hidden';

/**
 * Options that name our login item to Electron, the same for reading and writing it: Windows keeps an
 * entry per executable and argument list, and `getLoginItemSettings()` without the `args` it was
 * written with says "off" for an entry that is on. macOS 13+ registers the app itself (SMAppService).
 */
export interface LoginItemOptions {
  /** macOS: the supported API; `openAsHidden` is ignored since macOS 13 (and gone from Electron's types). */
  type?: 'mainAppService';
  /** Windows: the arguments of the entry. */
  args?: string[];
}

export interface LoginItemWrite extends LoginItemOptions {
  openAtLogin: boolean;
}

/** What `app.getLoginItemSettings(options)` answers, as far as the plan needs it. */
export interface LoginItemReading {
  openAtLogin: boolean;
  /** macOS 13+: 'enabled' | 'requires-approval' | 'not-registered' | 'not-found'. */
  status?: string;
}

/** How this app's login item is named on each platform (undefined: Electron has none there). */
export function loginItemOptions(platform: string): LoginItemOptions | undefined {
  if (platform === 'darwin') return { type: 'mainAppService' };
  if (platform === 'win32') return { args: [HIDDEN_START_ARG] };
  return undefined;
}

/**
 * The writes that make the OS agree with the setting, given a way to read the current entries; none
 * when it already does (the registry is not rewritten at every start).
 *
 * - macOS: an item waiting for the person's approval (`requires-approval`, which Electron reports with
 *   `openAtLogin: false`) is registered: not registered again, but unregistered when turned off.
 * - Windows: our entry has `--hidden`. An entry without arguments (older versions wrote one) would
 *   open the window at login, or keep starting the app after "off": it is removed, first, and ours is
 *   then written again, because Windows names both by the app's id and removing one removes the value.
 */
export function loginItemWrites(
  startAtLogin: boolean,
  platform: string,
  read: (options: LoginItemOptions) => LoginItemReading,
): LoginItemWrite[] {
  const options = loginItemOptions(platform);
  if (!options) return [];
  const current = read(options);
  const registered = current.openAtLogin || current.status === 'requires-approval';
  if (platform !== 'win32') return registered === startAtLogin ? [] : [{ openAtLogin: startAtLogin, ...options }];
  const stale: LoginItemOptions = { args: [] };
  const hasStale = read(stale).openAtLogin;
  const writes: LoginItemWrite[] = hasStale ? [{ openAtLogin: false, ...stale }] : [];
  if (startAtLogin ? !registered || hasStale : registered) writes.push({ openAtLogin: startAtLogin, ...options });
  return writes;
}

/** macOS waits for the person to allow the login item in System Settings → General → Login Items. */
export function loginItemNeedsApproval(reading: LoginItemReading): boolean {
  return reading.status === 'requires-approval';
}

/**
 * True when this start should stay in the tray (started at login): Windows and Linux start the app
 * with `--hidden`; macOS says so with `app.getLoginItemSettings().wasOpenedAtLogin`.
 */
export function startsHidden(argv: readonly string[], wasOpenedAtLogin = false): boolean {
  return wasOpenedAtLogin || argv.includes(HIDDEN_START_ARG);
}

export type UnreadBadge =
  | { kind: 'count'; count: number }
  | { kind: 'overlay'; count: number; text: string; description: string }
  | { kind: 'clear-overlay' };

/**
 * The unread count outside the tray: the dock badge on macOS, the launcher count on Linux (Unity
 * launcher API, where the desktop supports it), an overlay icon on the taskbar button on Windows,
 * described in the app's language (`t`) for screen readers.
 */
export function unreadBadge(count: number, platform: string, t: Translator = createTranslator()): UnreadBadge {
  const shown = Math.max(0, Math.floor(count));
  if (platform === 'win32') {
    if (shown === 0) return { kind: 'clear-overlay' };
    return {
      kind: 'overlay',
      count: shown,
      text: shown > 99 ? '99+' : String(shown),
      description: t('main.tray.unreadCount', shown),
    };
  }
  return { kind: 'count', count: shown };
}

/** The native notification that explains, once, that the app is still running in the tray (macOS: menu bar). */
export function closeToTrayExplanation(
  appName: string,
  platform: string,
  t: Translator = createTranslator(),
): { title: string; body: string } {
  return {
    title: t('main.closeToTray.title', { appName }),
    body: t(platform === 'darwin' ? 'main.closeToTray.bodyMenuBar' : 'main.closeToTray.bodyTray'),
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
  /** Asks the recording page to stop (main closes the journal itself if the page does not answer). */
  stopRecording(): void;
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
    case 'stop-recording':
      // The postrecord questions come next, on the page: the window shows them.
      ports.showMainWindow();
      ports.stopRecording();
      return;
    case 'quit':
      ports.quit();
      return;
  }
}
