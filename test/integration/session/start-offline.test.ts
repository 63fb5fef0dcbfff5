import { afterEach, describe, expect, it } from 'vitest';
import type { SessionState } from '../../../preload/contract';
import { createSandbox, type Sandbox } from '../../../sandbox/src/server.js';
import { seedDemo } from '../../../sandbox/src/demo/generate';
import { startTestApp, type TestApp } from '../../support/app-host';
import { bridgeCall } from '../../support/bridge-call';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';

/**
 * Issue #14 item 5: "a laptop that starts before the network is up stays signed out in the tray for
 * good". The app starts with a saved sign-in while the service's port refuses connections (the
 * sandbox stopped), keeps the refresh token, says it is offline and retrying, shows the lists it kept,
 * and once the service is back (the same sandbox, same data, same port) signs in without anyone
 * typing a password; the poller and the tray then work as signed in. Real keychain, real files.
 */

const TEACHER = 'teacher@northbridge.example';
const PASSWORD = 'demo-password';

let first: RunningSandbox | undefined;
let again: Sandbox | undefined;
const apps: TestApp[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.composition.stop();
  await again?.close();
  again = undefined;
  await first?.stop();
  first = undefined;
});

function until(app: TestApp, test: (state: SessionState) => boolean): Promise<SessionState> {
  const session = app.composition.session;
  return new Promise((resolve) => {
    if (test(session.state())) return resolve(session.state());
    const stop = session.onChange((state) => {
      if (!test(state)) return;
      stop();
      resolve(state);
    });
  });
}

describe('starting before the network is up', () => {
  it('keeps the saved sign-in, shows the kept lists, and signs in by itself once the service answers', async () => {
    first = await startSandbox();
    seedDemo(first.sandbox.ctx, 'demo');
    const url = first.url;
    const origin = new URL(url).origin;

    // Yesterday: signed in, looked at the portfolios and the notifications, shut the lid.
    const yesterday = await startTestApp(url);
    apps.push(yesterday);
    await yesterday.composition.session.signInWithPassword(TEACHER, PASSWORD);
    const portfolios = await bridgeCall(yesterday, 'portfolios:list', {});
    const notifications = await yesterday.composition.notifications.service.refresh();
    if (!portfolios.ok) throw new Error('the live list should have been read');
    const userKey = await yesterday.vault.lastAccount(origin);
    await yesterday.composition.stop();
    apps.splice(0);

    // This morning the laptop starts before its network: the service's port refuses connections.
    await first.sandbox.close();
    const today = await startTestApp(url, { dataFolder: yesterday.dataFolder, start: false });
    apps.push(today);
    await today.composition.start();
    const waiting = today.composition.session.state();
    expect(waiting.status).toBe('restoring');
    expect(waiting.retrying?.reason.code).toBe('UNREACHABLE');
    expect(await today.vault.loadSession(origin, userKey!)).toMatch(/refreshToken/);

    // Meanwhile the lists it kept are there, marked with their time.
    const offlineList = await bridgeCall(today, 'portfolios:list', {});
    expect(offlineList.ok && offlineList.data).toEqual(portfolios.data);
    expect(offlineList.ok && offlineList.cached?.offline).toBe(true);
    await until(today, () => today.composition.notifications.service.get().cached !== undefined);
    expect(today.composition.notifications.service.get().items.map((item) => item.id)).toEqual(
      notifications.items.map((item) => item.id),
    );
    // The tray says offline (not signed out) and still lists the notifications.
    expect(today.composition.notifications.tray().icon).toBe('offline');

    // The network comes up: the same service on the same port. The computer says so.
    again = await createSandbox({ controls: true, dataDir: first.dataDir });
    await again.listen(Number(new URL(url).port));
    today.composition.networkBack();

    const back = await until(today, (state) => state.status !== 'restoring');
    expect(back.status).toBe('signed-in');
    expect(back.user?.email).toBe(TEACHER);
    expect(back.retrying).toBeUndefined();
    expect(await today.vault.loadSession(origin, userKey!)).toMatch(/refreshToken/);

    // Everything behaves as signed in: live lists, the poller reading, the tray.
    const live = await bridgeCall(today, 'portfolios:list', {});
    expect(live.ok && live.cached).toBeUndefined();
    const polled = await today.composition.notifications.service.refresh();
    expect(polled.cached).toBeUndefined();
    expect(polled.status).not.toBe('signed-out');
    expect(today.composition.notifications.tray().icon).not.toBe('signed-out');
  });
});
