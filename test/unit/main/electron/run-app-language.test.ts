import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import { launchApp } from './launch-app';

/** The app speaks the computer's language from the first thing it shows: the tray. */

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
});
