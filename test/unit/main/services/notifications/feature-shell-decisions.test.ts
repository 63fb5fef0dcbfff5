import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  closeToTrayExplanation,
  decideClose,
  loginItemNeedsApproval,
  loginItemWrites,
  onlineCheckIntervalMs,
  performTrayAction,
  startsHidden,
  unreadBadge,
  type LoginItemOptions,
  type LoginItemReading,
  type TrayActionPorts,
} from '../../../../../main/services/notifications/shell-decisions';
import { drawTrayIcon, encodePng, trayIconPngs } from '../../../../../main/services/notifications/tray-icons';
import type { TrayIcon } from '../../../../../main/services/notifications/tray';

describe('closing the window', () => {
  it('hides to the tray, explaining once; closes when quitting or when the person chose quit-on-close', () => {
    const tray = { trayShown: true };
    expect(decideClose({ closeToTray: true, explained: false, quitting: false, ...tray })).toBe('hide-and-explain');
    expect(decideClose({ closeToTray: true, explained: true, quitting: false, ...tray })).toBe('hide');
    expect(decideClose({ closeToTray: true, explained: true, quitting: true, ...tray })).toBe('close');
    expect(decideClose({ closeToTray: false, explained: false, quitting: false, ...tray })).toBe('close');
  });

  it('closes (and so quits) on a desktop that shows no tray icons, whatever the setting says', () => {
    expect(decideClose({ closeToTray: true, explained: false, quitting: false, trayShown: false })).toBe('close');
    expect(decideClose({ closeToTray: true, explained: true, quitting: false, trayShown: false })).toBe('close');
  });

  it('explains where the app went and how to quit, in words for each platform', () => {
    expect(closeToTrayExplanation('Video Collab', 'darwin').body).toContain('menu bar');
    const windows = closeToTrayExplanation('Video Collab', 'win32');
    expect(windows.title).toBe('Video Collab is still running');
    expect(windows.body).toContain('system tray');
    expect(windows.body).toContain('Quit');
  });
});

describe('start at login', () => {
  /** A login-item store that answers per option set, as Electron does on Windows; records what was read. */
  function reader(entries: Record<string, LoginItemReading>) {
    const reads: LoginItemOptions[] = [];
    const read = (options: LoginItemOptions): LoginItemReading => {
      reads.push(options);
      return entries[JSON.stringify(options)] ?? { openAtLogin: false };
    };
    return { reads, read };
  }
  const ours = JSON.stringify({ args: ['--hidden'] });
  const old = JSON.stringify({ args: [] });
  const mac = JSON.stringify({ type: 'mainAppService' });

  it('Windows: reads and writes the entry with --hidden, and only when it differs (issue #12, item 5)', () => {
    const none = reader({});
    expect(loginItemWrites(true, 'win32', none.read)).toEqual([{ openAtLogin: true, args: ['--hidden'] }]);
    expect(none.reads).toEqual([{ args: ['--hidden'] }, { args: [] }]);
    expect(loginItemWrites(false, 'win32', none.read)).toEqual([]);

    const on = reader({ [ours]: { openAtLogin: true } });
    expect(loginItemWrites(true, 'win32', on.read)).toEqual([]);
    expect(loginItemWrites(false, 'win32', on.read)).toEqual([{ openAtLogin: false, args: ['--hidden'] }]);
  });

  it('Windows: removes an entry without arguments left by an older version, before writing ours', () => {
    const stale = reader({ [old]: { openAtLogin: true } });
    expect(loginItemWrites(true, 'win32', stale.read)).toEqual([
      { openAtLogin: false, args: [] },
      { openAtLogin: true, args: ['--hidden'] },
    ]);
    expect(loginItemWrites(false, 'win32', stale.read)).toEqual([{ openAtLogin: false, args: [] }]);
    // Both there: removing the old one may remove the value both share, so ours is written again.
    const both = reader({ [old]: { openAtLogin: true }, [ours]: { openAtLogin: true } });
    expect(loginItemWrites(true, 'win32', both.read)).toEqual([
      { openAtLogin: false, args: [] },
      { openAtLogin: true, args: ['--hidden'] },
    ]);
  });

  it('macOS: registers the app (mainAppService) without openAsHidden; an item awaiting approval is registered', () => {
    const none = reader({});
    expect(loginItemWrites(true, 'darwin', none.read)).toEqual([{ openAtLogin: true, type: 'mainAppService' }]);
    expect(none.reads).toEqual([{ type: 'mainAppService' }]);
    const enabled = reader({ [mac]: { openAtLogin: true, status: 'enabled' } });
    expect(loginItemWrites(true, 'darwin', enabled.read)).toEqual([]);
    expect(loginItemWrites(false, 'darwin', enabled.read)).toEqual([{ openAtLogin: false, type: 'mainAppService' }]);
    // Electron reports openAtLogin false while macOS waits for approval.
    const waiting = reader({ [mac]: { openAtLogin: false, status: 'requires-approval' } });
    expect(loginItemWrites(true, 'darwin', waiting.read)).toEqual([]);
    expect(loginItemWrites(false, 'darwin', waiting.read)).toEqual([{ openAtLogin: false, type: 'mainAppService' }]);
    expect(loginItemNeedsApproval({ openAtLogin: false, status: 'requires-approval' })).toBe(true);
    expect(loginItemNeedsApproval({ openAtLogin: true, status: 'enabled' })).toBe(false);
  });

  it('asks nothing of Electron where it has no login items (Linux uses an autostart entry)', () => {
    const linux = reader({});
    expect(loginItemWrites(true, 'linux', linux.read)).toEqual([]);
    expect(linux.reads).toEqual([]);
  });

  it('starts hidden with --hidden (Windows, Linux) or when macOS opened the app at login', () => {
    expect(startsHidden(['app', '--hidden'])).toBe(true);
    expect(startsHidden(['app'], true)).toBe(true);
    expect(startsHidden(['app'])).toBe(false);
  });
});

describe('the unread count outside the tray', () => {
  it('is a badge count on macOS and Linux, an overlay icon with a description on Windows', () => {
    expect(unreadBadge(3, 'darwin')).toEqual({ kind: 'count', count: 3 });
    expect(unreadBadge(0, 'linux')).toEqual({ kind: 'count', count: 0 });
    expect(unreadBadge(1, 'win32')).toMatchObject({ kind: 'overlay', description: '1 unread notification' });
    expect(unreadBadge(120, 'win32')).toMatchObject({ text: '99+', description: '120 unread notifications' });
    expect(unreadBadge(0, 'win32')).toEqual({ kind: 'clear-overlay' });
  });
});

describe('online checks', () => {
  it('run no more often than every 15 s and at most every 5 minutes', () => {
    expect(onlineCheckIntervalMs(1_000)).toBe(15_000);
    expect(onlineCheckIntervalMs(60_000)).toBe(60_000);
    expect(onlineCheckIntervalMs(60 * 60_000)).toBe(5 * 60_000);
  });
});

describe('tray actions', () => {
  function ports() {
    const calls: string[] = [];
    let dnd = false;
    const p: TrayActionPorts = {
      showMainWindow: () => calls.push('show'),
      navigate: (route) => calls.push(`navigate ${route}`),
      markSeen: (ids) => calls.push(`seen ${ids ? ids.join(',') : 'all'}`),
      setDoNotDisturb: (on) => {
        dnd = on;
        calls.push(`dnd ${on}`);
      },
      doNotDisturb: () => dnd,
      signOut: () => calls.push('sign-out'),
      stopRecording: () => calls.push('stop-recording'),
      quit: () => calls.push('quit'),
    };
    return { calls, p };
  }

  it('opens a notification on its route and marks it seen; toggles do not disturb; signs out; quits', () => {
    const { calls, p } = ports();
    performTrayAction({ type: 'open-route', route: '/portfolios/7#comment-3', notificationId: 3 }, p);
    performTrayAction({ type: 'open-route', route: '/uploads' }, p);
    performTrayAction({ type: 'mark-all-seen' }, p);
    performTrayAction({ type: 'toggle-do-not-disturb' }, p);
    performTrayAction({ type: 'toggle-do-not-disturb' }, p);
    performTrayAction({ type: 'open-window' }, p);
    performTrayAction({ type: 'sign-out' }, p);
    performTrayAction({ type: 'stop-recording' }, p);
    performTrayAction({ type: 'quit' }, p);
    expect(calls).toEqual([
      'show',
      'navigate /portfolios/7#comment-3',
      'seen 3',
      'show',
      'navigate /uploads',
      'seen all',
      'dnd true',
      'dnd false',
      'show',
      'sign-out',
      'show',
      'stop-recording',
      'quit',
    ]);
  });
});

/** Reads back the RGBA pixels of a PNG this encoder wrote (no filtering, one IDAT). */
function decode(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatAt = png.indexOf('IDAT');
  const length = png.readUInt32BE(idatAt - 4);
  const raw = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + length));
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1)
    raw.copy(pixels, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  return { width, height, pixels };
}

describe('tray icons drawn in code', () => {
  const states: TrayIcon[] = ['signed-out', 'offline', 'idle', 'unread', 'uploading', 'uploading-unread', 'attention'];

  it('gives every state a distinct picture at 16 and 32 pixels, as valid PNGs', () => {
    const pictures = states.map((state) => Buffer.from(drawTrayIcon(state, 16)).toString('base64'));
    expect(new Set(pictures).size).toBe(states.length);
    for (const state of states) {
      const [one, two] = trayIconPngs(state);
      expect(decode(one!.png)).toMatchObject({ width: 16, height: 16 });
      expect(decode(two!.png)).toMatchObject({ width: 32, height: 32 });
      expect(decode(two!.png).pixels.equals(Buffer.from(drawTrayIcon(state, 32)))).toBe(true);
    }
  });

  it('marks unread with a red dot top right, which idle does not have', () => {
    const at = (pixels: Uint8Array, x: number, y: number) => [
      ...pixels.subarray((y * 32 + x) * 4, (y * 32 + x) * 4 + 4),
    ];
    const unread = drawTrayIcon('unread', 32);
    const idle = drawTrayIcon('idle', 32);
    expect(at(unread, 25, 7)).toEqual([220, 38, 38, 255]);
    expect(at(idle, 25, 7)).toEqual([79, 70, 229, 255]); // the plain indigo disc
    // Corners stay transparent: the icon sits on any tray colour.
    expect(at(idle, 0, 0)[3]).toBe(0);
  });

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow();
  });
});
