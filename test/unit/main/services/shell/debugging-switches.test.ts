import { describe, expect, it } from 'vitest';
import {
  DEBUGGING_SWITCHES,
  refusalLine,
  refusedDebuggingSwitches,
} from '../../../../../main/services/shell/debugging-switches';

const EXE = '/opt/Video Collab Desktop/videocollab-desktop';
const refused = (argv: string[], platform = 'linux', packaged = true) =>
  refusedDebuggingSwitches({ packaged, argv: [EXE, ...argv], platform });

describe('debugging switches on an installed app (issue 28, item 14)', () => {
  it.each([
    ['--remote-debugging-port=9222', '--remote-debugging-port'],
    ['--remote-debugging-pipe', '--remote-debugging-pipe'],
    ['--inspect', '--inspect'],
    ['--inspect=0.0.0.0:9229', '--inspect'],
    ['--inspect-brk=9229', '--inspect-brk'],
    ['--inspect-port=9229', '--inspect-port'],
    ['--js-flags=--allow-natives-syntax', '--js-flags'],
  ])('%s is refused, named %s', (arg, name) => {
    expect(refused([arg])).toEqual([name]);
  });

  it('reads them as Chromium does: one dash too, any case on Windows, and /name on Windows only', () => {
    expect(refused(['-remote-debugging-port=9222'])).toEqual(['--remote-debugging-port']);
    expect(refused(['--Remote-Debugging-Port=9222'], 'win32')).toEqual(['--remote-debugging-port']);
    expect(refused(['/remote-debugging-port=9222'], 'win32')).toEqual(['--remote-debugging-port']);
    // On macOS and Linux a leading slash is a path, such as a file to open.
    expect(refused(['/remote-debugging-port'], 'darwin')).toEqual([]);
  });

  it('names each switch once, in the order given', () => {
    expect(refused(['--inspect', '--remote-debugging-port=1', '--inspect=9230'])).toEqual([
      '--inspect',
      '--remote-debugging-port',
    ]);
  });

  it('leaves the app’s own and Chromium’s ordinary switches, links and files, and anything after --', () => {
    expect(
      refused([
        '--hidden',
        '--no-sandbox',
        '--check-sandbox',
        '--inspector-theme=dark',
        'videocollab://group/12',
        '/home/teacher/inspect',
        '--',
        '--inspect',
      ]),
    ).toEqual([]);
  });

  it('also asks Chromium’s own reading of the command line', () => {
    const facts = { packaged: true, argv: [EXE], platform: 'linux' };
    expect(refusedDebuggingSwitches({ ...facts, hasSwitch: (name) => name === 'remote-debugging-pipe' })).toEqual([
      '--remote-debugging-pipe',
    ]);
  });

  it('lets a run from source have them all (Playwright’s Electron launcher, debuggers)', () => {
    expect(
      refused(
        DEBUGGING_SWITCHES.map((name) => `--${name}=1`),
        'linux',
        false,
      ),
    ).toEqual([]);
  });

  it('says in one line on standard error what it refused', () => {
    expect(refusalLine(['--inspect', '--remote-debugging-port'])).toBe(
      'Video Collab Desktop will not start with debugging switches (--inspect, --remote-debugging-port): the installed app does not allow them. Start it without them.',
    );
  });
});
