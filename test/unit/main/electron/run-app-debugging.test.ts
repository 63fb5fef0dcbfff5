import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import { launchApp } from './launch-app';

const EXE = '/opt/videocollab/videocollab';

/**
 * Issue 28 item 14: a shortcut that starts the installed app with a debugging port. The real run-app
 * against the strict fake Electron: it must quit before anything is built, with the reason said.
 */
describe('the installed app started with debugging switches', () => {
  let running: ReturnType<typeof launchApp> | undefined;
  afterEach(async () => {
    await running?.quit();
    running = undefined;
    vi.restoreAllMocks();
  });

  it('quits with exit code 1 before any window, second-instance check or policy read, and says why', async () => {
    running = launchApp({ packaged: true, argv: [EXE, '--remote-debugging-port=9222', '--inspect'] });
    await running.started;
    expect(fakeElectron.state.exitCode).toBe(1);
    expect(fakeElectron.state.singleInstanceRequested).toBe(false);
    expect(fakeElectron.state.windows).toHaveLength(0);
    expect(fakeElectron.state.trays).toHaveLength(0);
    expect(running.printedErrors).toEqual([
      'Video Collab Desktop will not start with debugging switches (--remote-debugging-port, --inspect): the installed app does not allow them. Start it without them.',
    ]);
    expect(fakeElectron.state.dialogs).toEqual([
      {
        kind: 'message',
        hadParent: false,
        options: {
          title: 'Video Collab Desktop did not start',
          content: expect.stringContaining('debugging switches (--remote-debugging-port, --inspect)'),
          error: true,
        },
      },
    ]);
    // Even once Electron is ready, nothing starts.
    await fakeElectron.becomeReady();
    expect(fakeElectron.state.windows).toHaveLength(0);
  });

  it('says it in the computer’s language', async () => {
    vi.spyOn(app, 'getPreferredSystemLanguages').mockReturnValue(['nb-NO']);
    running = launchApp({ packaged: true, argv: [EXE, '--js-flags=--expose-gc'] });
    await running.started;
    expect(fakeElectron.state.dialogs[0]?.options.title).toBe('Video Collab Desktop startet ikke');
  });

  it('a run from source starts as usual with them (Playwright’s Electron launcher passes both)', async () => {
    running = launchApp({
      packaged: false,
      argv: [EXE, 'out/main/index.js', '--remote-debugging-port=0', '--inspect=0'],
    });
    await running.ready();
    expect(fakeElectron.state.exitCode).toBeUndefined();
    expect(fakeElectron.state.windows).toHaveLength(1);
    expect(running.printedErrors).toEqual([]);
  });
});
