import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import type { LinuxSandboxFacts } from '../../../../main/services/shell/linux-sandbox-check';
import { launchApp } from './launch-app';

/** The app speaks the computer's language from the first thing it shows: the tray. */

/** The application menu's own labels (role menus have none), as on Windows and Linux. */
const menuLabels = () =>
  fakeElectron.state
    .applicationMenu!.flat()
    .map((item) => item.label)
    .filter((label) => label !== undefined);

/** Ubuntu 24.04, an AppImage its launcher had to start with --no-sandbox. */
const withoutSandbox: LinuxSandboxFacts = {
  platform: 'linux',
  appImagePath: '/home/teacher/Apps/Video-Collab-Desktop.AppImage',
  executablePath: '/tmp/.mount_VideoCabc/videocollab-desktop',
  apparmorRestrictsUserns: '1',
  apparmorLabel: 'unconfined',
  sandboxSwitchedOff: true,
};

const trayLabels = () =>
  fakeElectron.state.trays[0]!.menu!.items.map((item) => (item.type === 'separator' ? '---' : item.label));

describe('the language of a running app', () => {
  let running: ReturnType<typeof launchApp> | undefined;
  afterEach(async () => {
    await running?.quit();
    running = undefined;
    vi.restoreAllMocks();
  });

  it('on a Norwegian computer, the tray is in Norwegian Bokmål', async () => {
    running = launchApp();
    vi.spyOn(app, 'getPreferredSystemLanguages').mockReturnValue(['nb-NO', 'en-US']);
    await running.ready();
    expect(trayLabels()).toEqual(['Logget ut', '---', 'Åpne Video Collab', '---', 'Avslutt']);
  });

  it('on an English computer, the tray is in British English', async () => {
    running = launchApp();
    vi.spyOn(app, 'getPreferredSystemLanguages').mockReturnValue(['en-US', 'nb-NO']);
    await running.ready();
    expect(trayLabels()).toEqual(['Signed out', '---', 'Open Video Collab', '---', 'Quit']);
  });

  it('on a Norwegian computer, the menu and the warning about the sandbox are in Norwegian Bokmål', async () => {
    vi.spyOn(process, 'platform', 'get').mockReturnValue('linux');
    running = launchApp({ sandboxFacts: withoutSandbox });
    vi.spyOn(app, 'getPreferredSystemLanguages').mockReturnValue(['nb-NO', 'en-US']);
    fakeElectron.answerNextDialog({ response: 0, checkboxChecked: false });
    await running.ready();
    expect(menuLabels()).toEqual(expect.arrayContaining(['&Fil', '&Vis', '&Om Video Collab Desktop']));
    expect(menuLabels().join(' ')).not.toMatch(/File|View|About/);
    const warning = fakeElectron.state.dialogs.find((d) => d.kind === 'message');
    expect(warning?.options).toMatchObject({
      title: 'Kjører uten beskyttelse',
      message: 'Video Collab Desktop kjører uten sandkassen til Chromium på denne datamaskinen.',
    });
  });

  it('on an English computer, the menu is in British English', async () => {
    vi.spyOn(process, 'platform', 'get').mockReturnValue('linux');
    running = launchApp();
    vi.spyOn(app, 'getPreferredSystemLanguages').mockReturnValue(['en-US']);
    await running.ready();
    expect(menuLabels()).toEqual(expect.arrayContaining(['&File', '&View', '&About Video Collab Desktop']));
  });
});
