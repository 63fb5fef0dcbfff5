import { describe, expect, it } from 'vitest';
import {
  autostartCommand,
  desktopEntry,
  quoteExecArg,
  xdgConfigHome,
} from '../../../../../main/services/autostart/xdg-autostart';

/**
 * Reads an Exec value back as a desktop environment does (Desktop Entry spec: string unescaping
 * first, then the quoting rules, then `%%` to `%`), so each test checks a round trip, not a string.
 */
function parseExec(value: string): string[] {
  const unescaped = value.replace(/\\(.)/g, (_, c: string) => ({ s: ' ', n: '\n', t: '\t', r: '\r' })[c] ?? c);
  const args: string[] = [];
  let i = 0;
  while (i < unescaped.length) {
    if (unescaped[i] === ' ') {
      i += 1;
      continue;
    }
    let arg = '';
    if (unescaped[i] === '"') {
      i += 1;
      while (unescaped[i] !== '"') {
        if (i >= unescaped.length) throw new Error('unterminated quote');
        if (unescaped[i] === '\\' && /["`$\\]/.test(unescaped[i + 1] ?? '')) i += 1;
        arg += unescaped[i];
        i += 1;
      }
      i += 1;
    } else {
      while (i < unescaped.length && unescaped[i] !== ' ') {
        if (/["`$\\]/.test(unescaped[i]!)) throw new Error(`unquoted reserved character in ${value}`);
        arg += unescaped[i];
        i += 1;
      }
    }
    if (/%[^%]/.test(arg.replace(/%%/g, ''))) throw new Error(`field code in ${arg}`);
    args.push(arg.replace(/%%/g, '%'));
  }
  return args;
}

const execLine = (text: string) => /^Exec=(.*)$/m.exec(text)![1]!;

describe('XDG autostart entry', () => {
  it('finds the config folder: XDG_CONFIG_HOME when absolute, else ~/.config', () => {
    expect(xdgConfigHome({ XDG_CONFIG_HOME: '/home/sam/.cfg' }, '/home/sam')).toBe('/home/sam/.cfg');
    expect(xdgConfigHome({ XDG_CONFIG_HOME: 'relative/cfg' }, '/home/sam')).toBe('/home/sam/.config');
    expect(xdgConfigHome({}, '/home/sam')).toBe('/home/sam/.config');
  });

  it('starts an AppImage by its own path, a packaged app by its executable, a dev build with its folder; always hidden', () => {
    const base = { execPath: '/tmp/.mount_vcX/video-collab', appPath: '/work/app', isPackaged: true };
    expect(autostartCommand({ ...base, appImage: '/home/sam/Apps/Video Collab.AppImage' })).toEqual([
      '/home/sam/Apps/Video Collab.AppImage',
      '--hidden',
    ]);
    expect(autostartCommand({ ...base, appImage: undefined, execPath: '/opt/Video Collab/videocollab' })).toEqual([
      '/opt/Video Collab/videocollab',
      '--hidden',
    ]);
    expect(
      autostartCommand({ ...base, appImage: undefined, isPackaged: false, execPath: '/repo/node_modules/electron' }),
    ).toEqual(['/repo/node_modules/electron', '/work/app', '--hidden']);
  });

  it('writes an Exec line that reads back as the same command, whatever the path holds', () => {
    for (const command of [
      ['/opt/videocollab/videocollab', '--hidden'],
      ['/home/sam/My Apps/Video Collab.AppImage', '--hidden'],
      ['/home/sam/100% "real" $HOME `x` back\\slash/app', '--hidden'],
      ["/home/o'brien/(apps)/a;b&c|d*e?f#g~h<i>j", '--hidden'],
    ]) {
      const text = desktopEntry({ id: 'org.videocollab.desktop', name: 'Video Collab', comment: 'c', command });
      expect(parseExec(execLine(text)), command[0]).toEqual(command);
    }
  });

  it('quotes only what needs quoting, and refuses a line break', () => {
    expect(quoteExecArg('/usr/bin/videocollab')).toBe('/usr/bin/videocollab');
    expect(quoteExecArg('--hidden')).toBe('--hidden');
    expect(quoteExecArg('a b')).toBe('"a b"');
    expect(quoteExecArg('')).toBe('""');
    expect(() => quoteExecArg('a\nb')).toThrow(/line break/);
  });

  it('is a well-formed desktop entry that starts in the tray and stays out of menus', () => {
    const text = desktopEntry({
      id: 'org.videocollab.desktop',
      name: 'Video Collab Desktop',
      comment: 'Notifications and uploads in the tray',
      command: ['/usr/bin/videocollab', '--hidden'],
    });
    expect(text.split('\n')[0]).toBe('[Desktop Entry]');
    expect(text).toMatch(/^Type=Application$/m);
    expect(text).toMatch(/^Name=Video Collab Desktop$/m);
    expect(text).toMatch(/^Exec=\/usr\/bin\/videocollab --hidden$/m);
    expect(text).toMatch(/^NoDisplay=true$/m);
    expect(text).toMatch(/^X-GNOME-Autostart-enabled=true$/m);
    expect(text).not.toMatch(/^Hidden=/m);
  });
});
