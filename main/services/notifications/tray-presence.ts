import { execFile } from 'node:child_process';

/**
 * Whether the desktop shows tray icons at all. Stock GNOME does not: an app that hides its window
 * into the tray there keeps running where nobody can see or reach it. Electron has no API that says
 * so; on Linux the answer is on the session D-Bus, asked here without a native module.
 *
 * - Windows and macOS always have a notification area or a menu bar.
 * - Linux: Electron's tray is a StatusNotifierItem, shown when a `org.kde.StatusNotifierWatcher` is
 *   on the session bus (KDE, and GNOME with the AppIndicator extension that Ubuntu ships); without a
 *   watcher it falls back to an XEmbed icon, which only X11 desktops with a classic notification
 *   area (Xfce, MATE, Cinnamon, LXDE) show.
 * - Where the bus cannot be asked (no gdbus or dbus-send, no session bus), the desktop's name
 *   decides: GNOME without Ubuntu's extension shows none; the others do, or are given the benefit of
 *   the doubt, so the setting works as before.
 */

export type TrayPresence = 'shown' | 'not-shown';

/** Runs a command and answers its standard output, or undefined when it could not run or failed. */
export type RunCommand = (command: string, args: string[]) => Promise<string | undefined>;

export const STATUS_NOTIFIER_WATCHER = 'org.kde.StatusNotifierWatcher';

/** Desktops whose panel shows classic XEmbed tray icons on X11, even without a StatusNotifierWatcher. */
const XEMBED_DESKTOPS = ['xfce', 'mate', 'x-cinnamon', 'cinnamon', 'lxde', 'lxqt', 'budgie', 'unity', 'kde'];

const desktopsOf = (env: Record<string, string | undefined>): string[] =>
  (env.XDG_CURRENT_DESKTOP ?? env.XDG_SESSION_DESKTOP ?? env.DESKTOP_SESSION ?? '')
    .split(':')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

/**
 * Asks the session bus whether a name has an owner: gdbus (GLib, on every GNOME system) first, then
 * dbus-send. Undefined when neither could answer.
 */
export async function sessionBusHasName(name: string, run: RunCommand): Promise<boolean | undefined> {
  const gdbus = await run('gdbus', [
    'call',
    '--session',
    '--dest',
    'org.freedesktop.DBus',
    '--object-path',
    '/org/freedesktop/DBus',
    '--method',
    'org.freedesktop.DBus.NameHasOwner',
    name,
  ]);
  // "(true,)" or "(false,)"
  const fromGdbus = /\((true|false),?\)/.exec(gdbus ?? '');
  if (fromGdbus) return fromGdbus[1] === 'true';
  const dbusSend = await run('dbus-send', [
    '--session',
    '--print-reply=literal',
    '--dest=org.freedesktop.DBus',
    '/org/freedesktop/DBus',
    'org.freedesktop.DBus.NameHasOwner',
    `string:${name}`,
  ]);
  // "   boolean true"
  const fromDbusSend = /boolean\s+(true|false)/.exec(dbusSend ?? '');
  return fromDbusSend ? fromDbusSend[1] === 'true' : undefined;
}

/** The decision, from what the bus said (undefined: not asked or no answer) and the environment. */
export function trayPresence(input: {
  platform: string;
  env: Record<string, string | undefined>;
  watcher: boolean | undefined;
}): TrayPresence {
  if (input.platform !== 'linux') return 'shown';
  if (input.watcher === true) return 'shown';
  const desktops = desktopsOf(input.env);
  const x11 = (input.env.XDG_SESSION_TYPE ?? (input.env.WAYLAND_DISPLAY ? 'wayland' : 'x11')) === 'x11';
  if (input.watcher === false) {
    // No StatusNotifierItem host: only an XEmbed notification area can show the icon.
    return x11 && desktops.some((name) => XEMBED_DESKTOPS.includes(name)) ? 'shown' : 'not-shown';
  }
  // The bus could not be asked. Ubuntu's GNOME ("ubuntu:GNOME") ships the AppIndicator extension.
  if (desktops.includes('gnome') && !desktops.includes('ubuntu') && !desktops.includes('unity')) return 'not-shown';
  return 'shown';
}

/** Runs a command for at most two seconds: a bus that hangs must not hold up the close button. */
export const execFileProbe: RunCommand = (command, args) =>
  new Promise((resolve) => {
    execFile(command, args, { timeout: 2_000, encoding: 'utf8' }, (error, stdout) =>
      resolve(error ? undefined : stdout),
    );
  });

/** Detects whether tray icons are shown on this desktop (asks the session bus on Linux only). */
export async function detectTrayPresence(input: {
  platform: string;
  env: Record<string, string | undefined>;
  run?: RunCommand;
}): Promise<TrayPresence> {
  if (input.platform !== 'linux') return 'shown';
  // Not gated on DBUS_SESSION_BUS_ADDRESS: with systemd the bus is found at $XDG_RUNTIME_DIR/bus without it.
  const watcher = await sessionBusHasName(STATUS_NOTIFIER_WATCHER, input.run ?? execFileProbe);
  return trayPresence({ platform: input.platform, env: input.env, watcher });
}
