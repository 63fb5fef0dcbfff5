import { describe, expect, it } from 'vitest';
import {
  detectTrayPresence,
  sessionBusHasName,
  trayPresence,
  type RunCommand,
} from '../../../../../main/services/notifications/tray-presence';

/**
 * Whether tray icons are shown at all: stock GNOME shows none, so close-to-tray would hide the app
 * where nobody finds it. The session bus is asked through gdbus or dbus-send (replaced here by what
 * those commands print).
 */

/** A command runner that answers as the named tools would, and records what was run. */
function runner(answers: Partial<Record<'gdbus' | 'dbus-send', string>>) {
  const calls: string[] = [];
  const run: RunCommand = async (command, args) => {
    calls.push([command, ...args].join(' '));
    return answers[command as 'gdbus' | 'dbus-send'];
  };
  return { run, calls };
}

const gnome = { XDG_CURRENT_DESKTOP: 'GNOME', XDG_SESSION_TYPE: 'wayland' };

describe('asking the session bus for a StatusNotifierWatcher', () => {
  it("reads gdbus's answer", async () => {
    const { run, calls } = runner({ gdbus: '(true,)\n' });
    expect(await sessionBusHasName('org.kde.StatusNotifierWatcher', run)).toBe(true);
    expect(calls[0]).toBe(
      'gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus --method org.freedesktop.DBus.NameHasOwner org.kde.StatusNotifierWatcher',
    );
    expect(await sessionBusHasName('x', runner({ gdbus: '(false,)\n' }).run)).toBe(false);
  });

  it('falls back to dbus-send where gdbus is missing, and says "don\'t know" when neither answers', async () => {
    expect(await sessionBusHasName('x', runner({ 'dbus-send': '   boolean true\n' }).run)).toBe(true);
    expect(await sessionBusHasName('x', runner({ 'dbus-send': '   boolean false\n' }).run)).toBe(false);
    expect(await sessionBusHasName('x', runner({}).run)).toBeUndefined();
  });
});

describe('whether the tray is shown', () => {
  it('always on Windows and macOS, without asking anything', async () => {
    const { run, calls } = runner({ gdbus: '(false,)' });
    expect(await detectTrayPresence({ platform: 'win32', env: {}, run })).toBe('shown');
    expect(await detectTrayPresence({ platform: 'darwin', env: {}, run })).toBe('shown');
    expect(calls).toEqual([]);
  });

  it('stock GNOME: no watcher on the bus, so not shown', async () => {
    expect(await detectTrayPresence({ platform: 'linux', env: gnome, run: runner({ gdbus: '(false,)' }).run })).toBe(
      'not-shown',
    );
  });

  it('GNOME with the AppIndicator extension, or KDE: the watcher is there, so shown', async () => {
    const { run } = runner({ gdbus: '(true,)' });
    expect(await detectTrayPresence({ platform: 'linux', env: gnome, run })).toBe('shown');
    expect(await detectTrayPresence({ platform: 'linux', env: { XDG_CURRENT_DESKTOP: 'KDE' }, run })).toBe('shown');
  });

  it('an X11 desktop with a classic notification area shows the XEmbed icon without a watcher', () => {
    const env = { XDG_CURRENT_DESKTOP: 'XFCE', XDG_SESSION_TYPE: 'x11' };
    expect(trayPresence({ platform: 'linux', env, watcher: false })).toBe('shown');
    expect(trayPresence({ platform: 'linux', env: { ...env, XDG_SESSION_TYPE: 'wayland' }, watcher: false })).toBe(
      'not-shown',
    );
  });

  it('when the bus cannot be asked, the desktop name decides: plain GNOME not, Ubuntu and others yes', () => {
    expect(trayPresence({ platform: 'linux', env: gnome, watcher: undefined })).toBe('not-shown');
    expect(trayPresence({ platform: 'linux', env: { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' }, watcher: undefined })).toBe(
      'shown',
    );
    expect(trayPresence({ platform: 'linux', env: { XDG_CURRENT_DESKTOP: 'KDE' }, watcher: undefined })).toBe('shown');
    expect(trayPresence({ platform: 'linux', env: {}, watcher: undefined })).toBe('shown');
  });
});
