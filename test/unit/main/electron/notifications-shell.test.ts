import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import type { FakeBrowserWindow } from '../../../support/fake-electron/windows';
import type { FakeNativeImage } from '../../../support/fake-electron/native-image';
import type { FakeTray } from '../../../support/fake-electron/tray';
import type { NotificationSettings } from '../../../../preload/contract';
import type { AppNotification } from '../../../../main/api/notifications';
import { startNotificationsShell, type NotificationsShellUi } from '../../../../main/electron/notifications-shell';
import { composeNotifications, type NotificationsFeature } from '../../../../main/services/notifications/feature';
import { NotificationSettingsStore } from '../../../../main/services/notifications/settings-store';
import type { TrayIcon, TrayModel } from '../../../../main/services/notifications/tray';
import { trayIconPngs } from '../../../../main/services/notifications/tray-icons';
import type { TrayPresence } from '../../../../main/services/notifications/tray-presence';
import type { SessionService } from '../../../../main/services/session/session-service';
import {
  FakeNotificationsApi,
  FakeSession,
  ManualScheduler,
  notification,
  silentLog,
} from '../services/notifications/fakes';

/**
 * The notifications shell against the strict fake of Electron and a real NotificationsFeature (plain
 * Node, a temporary data folder, an in-memory service, time moved by hand): what the person sees in
 * the tray, the notifications, the dock or taskbar, and what closing the window does.
 */

const APP_NAME = 'Video Collab Desktop';
const APP_ID = 'org.videocollab.desktop';
const realPlatform = process.platform;
const realConfigHome = process.env.XDG_CONFIG_HOME;

const onPlatform = (platform: NodeJS.Platform) =>
  Object.defineProperty(process, 'platform', { value: platform, configurable: true });

interface Harness {
  feature: NotificationsFeature;
  api: FakeNotificationsApi;
  session: FakeSession;
  scheduler: ManualScheduler;
  window: BrowserWindow | undefined;
  routes: string[];
  quits: number;
  stops: number;
  /** The lesson being recorded, as the recording service tells the tray; undefined: none. */
  recordingMs: number | undefined;
  logs: string[];
  shell: { dispose(): void };
}

let dataFolder: string;
let configHome: string;
let harness: Harness | undefined;

beforeEach(async () => {
  fakeElectron.reset();
  await fakeElectron.becomeReady();
  dataFolder = mkdtempSync(join(tmpdir(), 'notif-shell-'));
  // Linux start at login writes into $XDG_CONFIG_HOME/autostart: never into the real home.
  configHome = join(dataFolder, 'config');
  process.env.XDG_CONFIG_HOME = configHome;
});

afterEach(async () => {
  harness?.shell.dispose();
  await harness?.feature.stop();
  harness = undefined;
  vi.useRealTimers();
  onPlatform(realPlatform);
  if (realConfigHome === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = realConfigHome;
  rmSync(dataFolder, { recursive: true, force: true });
});

interface StartOptions {
  platform?: NodeJS.Platform;
  signedIn?: boolean;
  settings?: Partial<NotificationSettings>;
  /** False: the app started hidden at login, no window yet. */
  window?: boolean;
  signOut?: () => Promise<void>;
  /** Whether the desktop shows tray icons (default: it does). */
  tray?: TrayPresence;
  /** The per-machine MSI starts the app at login for everyone (HKLM Run). */
  machineStartsAtLogin?: boolean;
}

/** Builds the feature and the shell the way run-app does, after `ready`. */
async function start(options: StartOptions = {}): Promise<Harness> {
  onPlatform(options.platform ?? 'linux');
  const api = new FakeNotificationsApi();
  api.add(notification(1), notification(2));
  const session = new FakeSession();
  const scheduler = new ManualScheduler();
  const feature = composeNotifications({
    session: session as unknown as SessionService,
    dataFolder,
    log: silentLog,
    emit: () => undefined,
    uploadsTotals: () => undefined,
    recordingElapsedMs: () => harness?.recordingMs,
    now: () => new Date(2026, 0, 5, 12, 0),
    scheduler,
    apiFor: () => api,
    appName: APP_NAME,
  });
  if (options.settings) feature.service.setSettings(options.settings);
  const h: Harness = {
    feature,
    api,
    session,
    scheduler,
    window: options.window === false ? undefined : new BrowserWindow({ show: true }),
    routes: [],
    quits: 0,
    stops: 0,
    recordingMs: undefined,
    logs: [],
    shell: { dispose: () => undefined },
  };
  const ui: NotificationsShellUi = {
    appId: APP_ID,
    appName: APP_NAME,
    // As run-app: a window is made when there is none, else shown and focused.
    showMainWindow: () => {
      if (!h.window || h.window.isDestroyed()) h.window = new BrowserWindow({ show: true });
      else h.window.show();
    },
    navigate: (route) => h.routes.push(route),
    signOut: options.signOut ?? (async () => session.set('signed-out')),
    stopRecording: () => {
      h.stops += 1;
    },
    quit: () => {
      h.quits += 1;
      app.quit();
    },
    mainWindow: () => h.window,
    trayPresence: async () => options.tray ?? 'shown',
    ...(options.machineStartsAtLogin !== undefined ? { machineStartsAtLogin: options.machineStartsAtLogin } : {}),
    log: (level, message) => h.logs.push(`${level}: ${message}`),
  };
  feature.start();
  if (options.signedIn !== false) {
    session.set('signed-in', 42);
    await feature.service.refresh(); // the first look: what is there already is history, all seen
  }
  h.shell = startNotificationsShell(feature, ui);
  harness = h;
  return h;
}

const tray = (): FakeTray => fakeElectron.state.trays[0]!;
const menu = () => tray().menu!;
const labels = () => menu().items.map((item) => (item.type === 'separator' ? '---' : item.label));
const pngsOf = (image: unknown) =>
  (image as FakeNativeImage).representations.map((r) => `${r.scaleFactor}:${r.buffer.toString('base64')}`);
const iconPngs = (icon: TrayIcon) => trayIconPngs(icon).map((r) => `${r.scale}:${r.png.toString('base64')}`);
const fakeWindow = (window: BrowserWindow | undefined) => window as unknown as FakeBrowserWindow;

/** New notifications on the service, and the poll that finds them. */
async function arrive(h: Harness, ...items: AppNotification[]): Promise<void> {
  h.api.add(...items);
  await h.feature.service.refresh();
}

/** Resolves with the next tray model, once the shell (listening first) has applied it. */
function nextTray(h: Harness): Promise<TrayModel> {
  return new Promise((resolve) => {
    const off = h.feature.onTrayChange((model) => {
      off();
      resolve(model);
    });
  });
}

describe('the tray', () => {
  it('shows the state in its icon, tooltip and menu: signed out, then signed in with news', async () => {
    const h = await start({ signedIn: false });
    expect(pngsOf(tray().image)).toEqual(iconPngs('signed-out'));
    expect(tray().tooltip).toBe(`${APP_NAME} — signed out`);
    expect(labels()).toEqual(['Signed out', '---', `Open ${APP_NAME}`, '---', 'Quit']);
    expect(menu().getMenuItemById('status')?.enabled).toBe(false);

    h.session.set('signed-in', 42);
    await h.feature.service.refresh();
    expect(pngsOf(tray().image)).toEqual(iconPngs('idle'));
    expect(tray().tooltip).toBe(`${APP_NAME} — No unread notifications`);

    await arrive(h, notification(3, { title: 'Ann commented' }));
    expect(pngsOf(tray().image)).toEqual(iconPngs('unread'));
    expect(tray().tooltip).toBe(`${APP_NAME} — 1 unread notification`);
    expect(labels()).toEqual([
      '1 unread notification',
      'Unread: Ann commented',
      'Comment 2',
      'Comment 1',
      'Mark all as seen',
      '---',
      'Record a lesson…',
      'Do not disturb',
      `Open ${APP_NAME}`,
      'Sign out',
      '---',
      'Quit',
    ]);
    expect(menu().getMenuItemById('do-not-disturb')).toMatchObject({ type: 'checkbox', checked: false });
  });

  it('opens a notification from the menu on its route, bringing the window forward, and marks it seen', async () => {
    const h = await start();
    await arrive(h, notification(3));
    h.window!.hide();
    const changed = nextTray(h);
    menu().click('notification-3');
    expect(h.window!.isVisible()).toBe(true);
    expect(h.window!.isFocused()).toBe(true);
    expect(h.routes).toEqual(['/portfolios/7#comment-3']);
    await changed;
    expect(h.feature.service.get().unseenCount).toBe(0);
    expect(pngsOf(tray().image)).toEqual(iconPngs('idle'));
    expect(labels()).toContain('Comment 3');
  });

  it('marks everything seen, switches do not disturb, opens the window and signs out from the menu', async () => {
    const h = await start();
    await arrive(h, notification(3), notification(4));
    const allSeen = nextTray(h);
    menu().click('mark-all-seen');
    await allSeen;
    expect(tray().tooltip).toBe(`${APP_NAME} — No unread notifications`);

    menu().click('do-not-disturb');
    expect(h.feature.settings().doNotDisturb).toBe(true);
    expect(menu().getMenuItemById('do-not-disturb')?.checked).toBe(true);
    expect(tray().tooltip).toBe(`${APP_NAME} — No unread notifications · do not disturb`);
    menu().click('do-not-disturb');
    expect(h.feature.settings().doNotDisturb).toBe(false);

    h.window!.hide();
    menu().click('open');
    expect(h.window!.isVisible()).toBe(true);

    const signedOut = nextTray(h);
    menu().click('sign-out');
    await signedOut;
    expect(h.session.current.status).toBe('signed-out');
    expect(pngsOf(tray().image)).toEqual(iconPngs('signed-out'));
  });

  it('keeps the menu true to the setting when do not disturb cannot be saved, and says why in the log', async () => {
    const h = await start();
    // The settings file cannot be written: its temporary file's name is taken by a folder.
    mkdirSync(join(dataFolder, `notification-settings.json.${process.pid}.tmp`));
    expect(() => menu().click('do-not-disturb')).not.toThrow();
    expect(h.feature.settings().doNotDisturb).toBe(false);
    // Electron flipped the check mark itself; the menu is built again from the real state.
    expect(menu().getMenuItemById('do-not-disturb')?.checked).toBe(false);
    expect(h.logs).toEqual(['warn: Do not disturb could not be changed']);
  });

  it('logs a sign-out from the menu that fails, instead of losing it', async () => {
    const h = await start({ signOut: () => Promise.reject(new Error('keychain locked')) });
    menu().click('sign-out');
    await fakeElectron.settle();
    expect(h.logs).toEqual(['warn: Signing out from the tray failed']);
  });

  it('opens the window when the icon itself is clicked', async () => {
    const h = await start({ platform: 'win32' });
    h.window!.hide();
    tray().emit('click');
    expect(h.window!.isVisible()).toBe(true);
  });

  it('leaves a click on the icon to the menu on macOS, where a click opens the menu', async () => {
    const h = await start({ platform: 'darwin' });
    h.window!.hide();
    tray().emit('click');
    expect(h.window!.isVisible()).toBe(false);
  });

  it('says a lesson is recording, with its time, and stops it from the menu', async () => {
    const h = await start();
    h.recordingMs = 754_000;
    h.feature.recordingChanged();
    expect(tray().tooltip).toBe(`${APP_NAME} — Recording 12:34 · No unread notifications`);
    expect(labels().slice(0, 3)).toEqual(['Recording 12:34', 'Stop recording', '---']);
    expect(labels()).not.toContain('Record a lesson…');
    menu().click('stop-recording');
    expect(h.stops).toBe(1);
    h.recordingMs = undefined;
    h.feature.recordingChanged();
    expect(labels()).not.toContain('Stop recording');
    expect(labels()).toContain('Record a lesson…');
  });

  it('quits for real from the menu: the window then closes instead of hiding in the tray', async () => {
    const h = await start();
    menu().click('quit');
    expect(h.quits).toBe(1);
    h.window!.close();
    expect(h.window!.isDestroyed()).toBe(true);
    expect(fakeElectron.state.notifications).toEqual([]);
  });
});

describe('native notifications', () => {
  it('shows one for a new notification; a click opens its route in the window and marks it seen', async () => {
    const h = await start();
    h.window!.hide();
    await arrive(h, notification(3, { title: 'Ann commented', message: 'Nice lesson plan.' }));
    const [shown, ...others] = fakeElectron.state.notifications;
    expect(others).toEqual([]);
    expect(shown).toMatchObject({ title: 'Ann commented', body: 'Nice lesson plan.', shown: true });

    const seen = nextTray(h);
    shown!.click();
    expect(h.window!.isVisible()).toBe(true);
    expect(h.routes).toEqual(['/portfolios/7#comment-3']);
    await seen;
    expect(h.feature.service.get().unseenCount).toBe(0);
  });

  it('sums up several that arrive together in one, which opens the list and marks them all seen', async () => {
    const h = await start();
    await arrive(h, notification(3), notification(4), notification(5), notification(6));
    expect(fakeElectron.state.notifications.map((n) => n.title)).toEqual(['4 new notifications']);
    expect(h.feature.service.get().unseenCount).toBe(4);

    const seen = nextTray(h);
    fakeElectron.state.notifications[0]!.click();
    expect(h.routes).toEqual(['/notifications']);
    await seen;
    expect(h.feature.service.get().unseenCount).toBe(0);
  });

  it('shows none where the system has no notifications, or in do not disturb; the tray still says unread', async () => {
    const h = await start();
    fakeElectron.state.notificationsSupported = false;
    await arrive(h, notification(3));
    fakeElectron.state.notificationsSupported = true;
    h.feature.service.setSettings({ doNotDisturb: true });
    await arrive(h, notification(4));
    expect(fakeElectron.state.notifications).toEqual([]);
    expect(tray().tooltip).toBe(`${APP_NAME} — 2 unread notifications · do not disturb`);
  });

  it('gives the app its AppUserModelID on Windows, without which toasts are not shown', async () => {
    await start({ platform: 'win32' });
    expect(fakeElectron.state.appUserModelId).toBe(APP_ID);
  });
});

describe('the unread count outside the tray', () => {
  it.each(['darwin', 'linux'] as const)('is the app badge count on %s (dock, launcher)', async (platform) => {
    const h = await start({ platform });
    await arrive(h, notification(3), notification(4));
    expect(app.getBadgeCount()).toBe(2);
    expect(fakeWindow(h.window).overlay).toBeUndefined();
    await h.feature.service.markSeen();
    expect(app.getBadgeCount()).toBe(0);
  });

  it('is an overlay icon with a spoken description on the taskbar button on Windows, cleared when all is seen', async () => {
    const h = await start({ platform: 'win32' });
    await arrive(h, notification(3), notification(4));
    expect(fakeWindow(h.window).overlay?.description).toBe('2 unread notifications');
    expect(app.getBadgeCount()).toBe(0);
    await h.feature.service.markSeen();
    expect(fakeWindow(h.window).overlay).toBeUndefined();
  });

  it('reaches a window opened later on Windows (started hidden at login with news waiting)', async () => {
    const h = await start({ platform: 'win32', window: false });
    await arrive(h, notification(3));
    menu().click('open');
    await fakeElectron.settle();
    expect(fakeWindow(h.window).overlay?.description).toBe('1 unread notification');
  });
});

describe('when to look for news now', () => {
  /** Past the poller's minimum gap between looks, short of its next scheduled one. */
  const later = (h: Harness) => h.scheduler.advance(15_000);

  it('looks at once when the computer wakes, the screen is unlocked or a window gains focus', async () => {
    const h = await start();
    const wake = () => fakeElectron.state.powerMonitorEvents.emit('resume');
    const unlock = () => fakeElectron.state.powerMonitorEvents.emit('unlock-screen');
    const focus = () => app.emit('browser-window-focus', {}, h.window);
    for (const event of [wake, unlock, focus]) {
      await later(h);
      expect(h.feature.service.get().status).toBe('waiting');
      event();
      expect(h.feature.service.get().status).toBe('polling');
      await h.feature.service.refresh();
    }
    expect(h.api.listCalls).toHaveLength(4);
  });

  it('follows the network: offline shows in the tray, and coming back online looks at once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fakeElectron.state.online = false;
    const h = await start();
    expect(pngsOf(tray().image)).toEqual(iconPngs('offline'));
    expect(h.feature.service.get().status).toBe('offline');

    fakeElectron.state.online = true;
    await later(h);
    vi.advanceTimersByTime(60_000); // checked as often as the poller looks: every minute by default
    expect(h.feature.service.get().status).toBe('polling');
    await h.feature.service.refresh();
    expect(pngsOf(tray().image)).toEqual(iconPngs('idle'));
  });

  it('checks the network as often as the poll interval the person chose', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const h = await start();
    h.feature.service.setSettings({ pollIntervalMs: 5 * 60_000 });
    fakeElectron.state.online = false;
    vi.advanceTimersByTime(60_000);
    expect(h.feature.service.get().status).not.toBe('offline');
    vi.advanceTimersByTime(4 * 60_000);
    expect(h.feature.service.get().status).toBe('offline');
  });
});

describe('closing the window', () => {
  it('hides it in the tray and explains so once, remembered across restarts', async () => {
    const h = await start();
    h.window!.close();
    expect(h.window!.isDestroyed()).toBe(false);
    expect(h.window!.isVisible()).toBe(false);
    expect(fakeElectron.state.notifications.map((n) => [n.title, n.shown])).toEqual([
      [`${APP_NAME} is still running`, true],
    ]);
    expect(fakeElectron.state.notifications[0]!.body).toContain('system tray');

    h.window!.show();
    h.window!.close();
    expect(h.window!.isVisible()).toBe(false);
    expect(fakeElectron.state.notifications).toHaveLength(1);
    expect(new NotificationSettingsStore({ dataFolder }).closeToTrayExplained()).toBe(true);
  });

  it('says "menu bar" on macOS', async () => {
    const h = await start({ platform: 'darwin' });
    h.window!.close();
    expect(fakeElectron.state.notifications[0]!.body).toContain('the menu bar');
  });

  it('closes it when the person chose quit-on-close, when the app quits, and for any other window', async () => {
    const h = await start({ settings: { closeToTray: false } });
    h.window!.close();
    expect(h.window!.isDestroyed()).toBe(true);

    h.feature.service.setSettings({ closeToTray: true });
    menu().click('open'); // a new main window
    const other = new BrowserWindow({ show: true });
    other.close();
    expect(other.isDestroyed()).toBe(true);

    app.quit(); // the application menu's Quit, Cmd+Q, or the system shutting down
    h.window!.close();
    expect(h.window!.isDestroyed()).toBe(true);
    expect(fakeElectron.state.notifications).toEqual([]);
  });

  it('closes it, and so quits, on a desktop that shows no tray icons; the settings say why', async () => {
    const h = await start({ tray: 'not-shown' });
    await fakeElectron.settle();
    expect(h.feature.service.getSettings()).toMatchObject({ closeToTray: true, trayNotShown: true });
    h.window!.close();
    expect(h.window!.isDestroyed()).toBe(true);
    expect(fakeElectron.state.notifications).toEqual([]);
    expect(h.logs).toContain('warn: This desktop shows no tray icons: closing the window quits the app');
  });

  it('shows the window of a start at login when there is no tray to live in', async () => {
    const h = await start({ window: false, tray: 'not-shown' });
    await fakeElectron.settle();
    expect(h.window?.isVisible()).toBe(true);
  });

  it('where the tray is shown, a start at login stays in it and the settings say nothing more', async () => {
    const h = await start({ window: false, tray: 'shown' });
    await fakeElectron.settle();
    expect(h.window).toBeUndefined();
    expect(h.feature.service.getSettings()).not.toHaveProperty('trayNotShown');
  });

  it('hides a window made later (first opened from the tray) in the tray too', async () => {
    const h = await start({ window: false });
    menu().click('open');
    h.window!.close();
    expect(h.window!.isDestroyed()).toBe(false);
    expect(h.window!.isVisible()).toBe(false);
  });
});

describe('start at login', () => {
  const hidden = ['--hidden'];

  it('Windows: can be turned on, and off again (issue #12, item 5)', async () => {
    const h = await start({ platform: 'win32', settings: { startAtLogin: true } });
    expect(fakeElectron.state.loginItems).toEqual([expect.objectContaining({ openAtLogin: true, args: hidden })]);
    h.feature.service.setSettings({ startAtLogin: false });
    expect(fakeElectron.state.loginItems).toEqual([]);
    expect(app.getLoginItemSettings({ args: hidden }).openAtLogin).toBe(false);
  });

  it('Windows: removes an entry without --hidden left by an older version (it would open the window)', async () => {
    onPlatform('win32');
    app.setLoginItemSettings({ openAtLogin: true });
    await start({ platform: 'win32', settings: { startAtLogin: true } });
    expect(fakeElectron.state.loginItems).toEqual([expect.objectContaining({ openAtLogin: true, args: hidden })]);
    harness!.feature.service.setSettings({ startAtLogin: false });

    fakeElectron.state.loginItems = [];
    app.setLoginItemSettings({ openAtLogin: true });
    harness!.feature.service.setSettings({ doNotDisturb: true }); // any settings change applies it again
    expect(fakeElectron.state.loginItems).toEqual([]);
  });

  it('Windows, MSI with START_AT_LOGIN=1: adds no entry of the person’s own, and removes one, so the app starts once', async () => {
    onPlatform('win32');
    app.setLoginItemSettings({ openAtLogin: true, args: hidden });
    const h = await start({ platform: 'win32', settings: { startAtLogin: true }, machineStartsAtLogin: true });
    expect(fakeElectron.state.loginItems).toEqual([]);
    h.feature.service.setSettings({ doNotDisturb: true }); // any settings change applies it again
    expect(fakeElectron.state.loginItems).toEqual([]);
  });

  it('Windows: leaves a correct entry alone (no registry write at every start)', async () => {
    onPlatform('win32');
    app.setLoginItemSettings({ openAtLogin: true, args: hidden });
    fakeElectron.state.loginItemWrites = [];
    await start({ platform: 'win32', settings: { startAtLogin: true } });
    expect(fakeElectron.state.loginItemWrites).toEqual([]);
  });

  it('macOS: registers the app with the supported API, without the ignored "open as hidden" (issue #12, item 7)', async () => {
    const h = await start({ platform: 'darwin', settings: { startAtLogin: true } });
    expect(fakeElectron.state.loginItemWrites).toEqual([{ openAtLogin: true, type: 'mainAppService' }]);
    expect(app.getLoginItemSettings().status).toBe('enabled');
    expect(h.feature.service.getSettings()).not.toHaveProperty('startAtLoginNeedsApproval');
    h.feature.service.setSettings({ startAtLogin: false });
    expect(fakeElectron.state.loginItems).toEqual([]);
  });

  it('macOS: says when the person must allow it in System Settings, until they have', async () => {
    fakeElectron.state.loginItemRequiresApproval = true;
    const h = await start({ platform: 'darwin' });
    // What the page gets back when the switch is turned on.
    expect(h.feature.service.setSettings({ startAtLogin: true })).toMatchObject({
      startAtLogin: true,
      startAtLoginNeedsApproval: true,
    });
    expect(h.feature.service.getSettings().startAtLoginNeedsApproval).toBe(true);
    // Waiting for approval is registered: another settings change does not register it again.
    h.feature.service.setSettings({ doNotDisturb: true });
    expect(fakeElectron.state.loginItemWrites).toHaveLength(1);

    // Approved in System Settings; the person comes back to the app.
    fakeElectron.state.loginItemRequiresApproval = false;
    app.emit('browser-window-focus', {}, h.window);
    expect(h.feature.service.getSettings()).not.toHaveProperty('startAtLoginNeedsApproval');
  });

  it('macOS: turning it off while approval is pending unregisters it and the note goes', async () => {
    fakeElectron.state.loginItemRequiresApproval = true;
    const h = await start({ platform: 'darwin', settings: { startAtLogin: true } });
    expect(h.feature.service.getSettings().startAtLoginNeedsApproval).toBe(true);
    expect(h.feature.service.setSettings({ startAtLogin: false })).not.toHaveProperty('startAtLoginNeedsApproval');
    expect(fakeElectron.state.loginItems).toEqual([]);
  });

  it('Linux: writes an XDG autostart entry that starts hidden, removes it when turned off', async () => {
    const entry = join(configHome, 'autostart', `${APP_ID}.desktop`);
    const h = await start({ platform: 'linux', settings: { startAtLogin: true } });
    expect(readFileSync(entry, 'utf8')).toMatch(/^Exec=.* --hidden$/m);
    h.feature.service.setSettings({ startAtLogin: false });
    expect(existsSync(entry)).toBe(false);
    expect(fakeElectron.state.loginItemWrites).toEqual([]);
  });

  it('Linux: an entry that cannot be written is logged, and the tray still works', async () => {
    mkdirSync(configHome, { recursive: true });
    writeFileSync(join(configHome, 'autostart'), 'not a folder');
    const h = await start({ platform: 'linux', settings: { startAtLogin: true } });
    expect(h.logs).toEqual(['warn: Start at login could not be changed']);
    expect(tray().isDestroyed()).toBe(false);
  });

  it('does nothing on a platform without login items', async () => {
    await start({ platform: 'freebsd', settings: { startAtLogin: true } });
    expect(fakeElectron.state.loginItemWrites).toEqual([]);
    expect(existsSync(join(configHome, 'autostart'))).toBe(false);
  });
});

describe('dispose', () => {
  it('removes every listener, the tray and the timer, so nothing shows after quitting', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const power = fakeElectron.state.powerMonitorEvents;
    const appEvents = fakeElectron.state.appEvents;
    const counts = (window: BrowserWindow) => [
      power.listenerCount('resume'),
      power.listenerCount('unlock-screen'),
      appEvents.listenerCount('browser-window-focus'),
      appEvents.listenerCount('before-quit'),
      appEvents.listenerCount('browser-window-created'),
      fakeWindow(window).listenerCount('close'),
    ];
    const h = await start();
    expect(counts(h.window!)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(vi.getTimerCount()).toBe(1);

    h.shell.dispose();
    expect(counts(h.window!)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(vi.getTimerCount()).toBe(0);
    expect(tray().isDestroyed()).toBe(true);
    await arrive(h, notification(3));
    expect(fakeElectron.state.notifications).toEqual([]);
    h.shell.dispose(); // twice is harmless (quit and the process ending both call it)
  });
});
