import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  detectTrayPresence,
  execFileProbe,
  sessionBusHasName,
  STATUS_NOTIFIER_WATCHER,
  type RunCommand,
} from '../../../main/services/notifications/tray-presence';

/**
 * The tray check against a real, private session bus (dbus-daemon) with the real gdbus and dbus-send:
 * a bus with no StatusNotifierWatcher is what stock GNOME has. Never the tester's own session bus.
 */

let daemon: ChildProcess;

beforeAll(async () => {
  daemon = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    createInterface({ input: daemon.stdout! }).once('line', resolve);
    daemon.once('error', reject);
  });
  vi.stubEnv('DBUS_SESSION_BUS_ADDRESS', address.trim());
});

afterAll(() => {
  vi.unstubAllEnvs();
  daemon?.kill();
});

const withoutGdbus: RunCommand = (command, args) =>
  command === 'gdbus' ? Promise.resolve(undefined) : execFileProbe(command, args);

describe('asking a real session bus', () => {
  it('gdbus and dbus-send both read an owned name and a missing one', async () => {
    expect(await sessionBusHasName('org.freedesktop.DBus', execFileProbe)).toBe(true);
    expect(await sessionBusHasName(STATUS_NOTIFIER_WATCHER, execFileProbe)).toBe(false);
    expect(await sessionBusHasName('org.freedesktop.DBus', withoutGdbus)).toBe(true);
    expect(await sessionBusHasName(STATUS_NOTIFIER_WATCHER, withoutGdbus)).toBe(false);
  });

  it('GNOME on Wayland with no watcher on its bus: the tray is not shown', async () => {
    const env = { XDG_CURRENT_DESKTOP: 'GNOME', XDG_SESSION_TYPE: 'wayland' };
    expect(await detectTrayPresence({ platform: 'linux', env })).toBe('not-shown');
  });

  it('a bus that cannot be reached leaves the desktop name to decide, quickly', async () => {
    vi.stubEnv('DBUS_SESSION_BUS_ADDRESS', 'unix:path=/nonexistent/bus');
    const started = Date.now();
    expect(await detectTrayPresence({ platform: 'linux', env: { XDG_CURRENT_DESKTOP: 'KDE' } })).toBe('shown');
    expect(await detectTrayPresence({ platform: 'linux', env: { XDG_CURRENT_DESKTOP: 'GNOME' } })).toBe('not-shown');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
