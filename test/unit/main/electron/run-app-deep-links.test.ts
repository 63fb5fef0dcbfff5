import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { fakeElectron } from '../../../support/fake-electron';
import type { FakeBrowserWindow } from '../../../support/fake-electron/windows';
import { startSandbox, type RunningSandbox } from '../../../support/sandbox';
import { seedDemo } from '../../../../sandbox/src/demo/generate';
import { launchApp } from './launch-app';

/**
 * `videocollab://` links reach the page through each door the OS uses: the command line of a cold
 * start (Windows, Linux), a second instance's command line, and macOS's open-url, before `ready`
 * too. The real run-app and composition run against the fake Electron and a real sandbox, so that
 * "signed in" is the real thing.
 */

const EXE = '/opt/videocollab/videocollab';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
  seedDemo(sandbox.sandbox.ctx, 'demo');
});
afterAll(async () => sandbox.stop());

const pageStarts = (window: FakeBrowserWindow) =>
  fakeElectron.invoke('app:page-ready', { webContents: window.webContents });

const routesPushedTo = (window: FakeBrowserWindow) =>
  window.webContents.sent.filter((m) => m.channel === 'app:navigate').map((m) => m.payload);

async function signIn(window: FakeBrowserWindow): Promise<void> {
  const answer = await fakeElectron.invoke(
    'session:sign-in-password',
    { webContents: window.webContents },
    { email: 'teacher@northbridge.example', password: 'demo-password' },
  );
  expect(answer).toMatchObject({ ok: true, data: { status: 'signed-in' } });
}

describe('links from outside open their screen', () => {
  let running: ReturnType<typeof launchApp> | undefined;
  const launch = (argv: string[] = [EXE], packaged = false) => {
    running = launchApp({ argv, packaged, env: { VC_SERVICE_URL: sandbox.url, VC_DEMO: '1' } });
    return running;
  };
  afterEach(async () => {
    await running?.quit();
    running = undefined;
  });

  it('the installed app registers the scheme for itself; a run from source names Electron and the app folder', async () => {
    await launch([EXE], true).ready();
    expect(fakeElectron.state.protocolClientRegistrations).toEqual([{ protocol: 'videocollab' }]);
    await running!.quit();

    await launch(['/usr/lib/electron/electron', 'out/main/index.js']).ready();
    expect(fakeElectron.state.protocolClientRegistrations).toEqual([
      { protocol: 'videocollab', path: process.execPath, args: [resolve('out/main/index.js')] },
    ]);
  });

  it('an app the per-machine MSI installed leaves the scheme to the MSI’s registration for everyone', async () => {
    running = launchApp({
      argv: [EXE],
      packaged: true,
      env: { VC_SERVICE_URL: sandbox.url, VC_DEMO: '1' },
      machineRegistration: { urlScheme: true, startAtLogin: false },
    });
    await running.ready();
    expect(fakeElectron.state.protocolClientRegistrations).toEqual([]);
  });

  it('a cold start from a link (Windows, Linux) shows sign-in first, then the group', async () => {
    await launch([EXE, 'videocollab://group/12']).ready();
    const [window] = fakeElectron.state.windows;
    expect(await pageStarts(window!)).toEqual({ ok: true, data: null }); // the sign-in screen, undisturbed

    await signIn(window!);
    expect(routesPushedTo(window!)).toEqual([{ path: '/groups/12' }]);
  });

  it('a second instance started by a link brings the window forward on the post, at the comment', async () => {
    await launch().ready();
    const [window] = fakeElectron.state.windows;
    await pageStarts(window!);
    await signIn(window!);
    window!.minimize();

    fakeElectron.secondInstance([EXE, '--allow-file-access-from-files', 'videocollab://group/12/post/5?comment=9']);
    expect(routesPushedTo(window!)).toEqual([{ path: '/groups/12/posts/5#comment-9' }]);
    expect(window!.isMinimized()).toBe(false);
    expect(fakeElectron.state.windows).toHaveLength(1);
  });

  it('macOS: a link that starts the app arrives before ready, is handled, and opens after sign-in', async () => {
    launch();
    expect(fakeElectron.openUrl('videocollab://portfolio/7?comment=3')).toBe(true); // before ready
    await running!.ready();
    const [window] = fakeElectron.state.windows;
    expect(await pageStarts(window!)).toEqual({ ok: true, data: null });

    await signIn(window!);
    expect(routesPushedTo(window!)).toEqual([{ path: '/portfolios/7#comment-3' }]);
    // And one clicked while the app runs opens at once.
    expect(fakeElectron.openUrl('videocollab://video/3/tagged/4')).toBe(true);
    expect(routesPushedTo(window!)).toEqual([{ path: '/portfolios/7#comment-3' }, { path: '/videos/3/tagged/4' }]);
  });

  it('a link that is not one of ours opens nothing, before or after sign-in, and leaves a good one waiting', async () => {
    await launch([EXE, 'videocollab://invite?hash=3f9a0c1d2e4b5a6c']).ready();
    const [window] = fakeElectron.state.windows;
    await pageStarts(window!);
    fakeElectron.secondInstance([EXE, 'videocollab://group/1/../../account']);
    fakeElectron.openUrl('videocollab://group/1?redirect=https://evil.example');
    fakeElectron.secondInstance([EXE, 'videocollab://settings']);

    await signIn(window!);
    expect(routesPushedTo(window!)).toEqual([{ path: '/groups/invites?hash=3f9a0c1d2e4b5a6c' }]);
  });
});
