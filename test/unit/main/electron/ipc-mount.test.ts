import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BrowserWindow } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import { FakeWebContents } from '../../../support/fake-electron/windows';
import { invokeChannels } from '../../../../preload/contract';
import { broadcast, mountIpc } from '../../../../main/electron/ipc-mount';
import { APP_ORIGIN } from '../../../../main/electron/protocol';
import type { HandlerTable } from '../../../../main/ipc/handler-table';

/**
 * Every contract channel reaches main through exactly one `ipcMain.handle`, and only the main frame of
 * one of our windows, showing our page, gets an answer; pushes go to every window still alive.
 */

const channels = Object.keys(invokeChannels);
let ran: string[];
let warnings: string[];

/** A handler per channel that answers with its own name and arguments, so a mix-up shows. */
function echoTable(): HandlerTable {
  const entries = channels.map((channel) => [
    channel,
    {
      args: z.array(z.unknown()),
      run: (...args: unknown[]) => {
        ran.push(channel);
        return { channel, args };
      },
    },
  ]);
  return Object.fromEntries(entries) as unknown as HandlerTable;
}

async function ourWindow(): Promise<BrowserWindow> {
  const window = new BrowserWindow({ show: true });
  await window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

const contentsOf = (window: BrowserWindow) => window.webContents as unknown as FakeWebContents;

beforeEach(async () => {
  fakeElectron.reset();
  await fakeElectron.becomeReady();
  ran = [];
  warnings = [];
  mountIpc({
    table: echoTable(),
    trustedOrigins: [APP_ORIGIN],
    log: { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) },
  });
});

describe('mounting IPC', () => {
  it('handles every channel of the contract, each once and with its own handler', async () => {
    expect([...fakeElectron.state.ipcHandlers.keys()].sort()).toEqual([...channels].sort());
    const window = await ourWindow();
    for (const channel of channels) {
      const answer = await fakeElectron.invoke(channel, { webContents: contentsOf(window) }, 'argument');
      expect(answer, channel).toEqual({ ok: true, data: { channel, args: ['argument'] } });
    }
    expect(ran).toEqual(channels);
  });

  it('answers the main frame of our window showing our page', async () => {
    const window = await ourWindow();
    expect(await fakeElectron.invoke('app:about', { webContents: contentsOf(window) })).toMatchObject({ ok: true });
  });

  it('refuses a subframe, another origin, a closed window, a web contents of no window, and a vanished frame', async () => {
    const window = await ourWindow();
    const subframe = { webContents: contentsOf(window), mainFrame: false, frameUrl: `${APP_ORIGIN}/index.html` };
    const otherOrigin = { webContents: contentsOf(window), frameUrl: 'https://evil.example/' };
    const closed = await ourWindow();
    closed.destroy();
    const noWindow = new FakeWebContents();
    await noWindow.loadURL(`${APP_ORIGIN}/index.html`);

    for (const sender of [subframe, otherOrigin, { webContents: contentsOf(closed) }, { webContents: noWindow }]) {
      expect(await fakeElectron.invoke('app:about', sender)).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN_SENDER' },
      });
    }
    // Electron gives no frame when it has navigated away or gone meanwhile.
    const handler = fakeElectron.state.ipcHandlers.get('app:about')!;
    expect(await handler({ sender: contentsOf(window), senderFrame: null })).toMatchObject({
      error: { code: 'FORBIDDEN_SENDER' },
    });
    expect(ran).toEqual([]);
    expect(warnings).toHaveLength(5);
  });
});

describe('broadcast', () => {
  it('pushes an event to every window still alive, skipping closed ones and ones whose page is gone', async () => {
    const [first, closed, pageGone] = [await ourWindow(), await ourWindow(), await ourWindow()];
    closed.destroy();
    // The window object outlives its web contents for a moment while it closes.
    contentsOf(pageGone).destroyed = true;
    expect(() => broadcast('app:navigate', { path: '/uploads' })).not.toThrow();
    expect(contentsOf(first).sent).toEqual([{ channel: 'app:navigate', payload: { path: '/uploads' } }]);
    expect(contentsOf(closed).sent).toEqual([]);
    expect(contentsOf(pageGone).sent).toEqual([]);
  });
});
