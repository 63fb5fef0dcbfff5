import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsState } from '../../../preload/contract';
import type { Composition } from '../../../main/composition';
import { startTestApp } from '../../support/app-host';
import type { ToastModel } from '../../../main/services/notifications/toasts';
import type { RunningSandbox } from '../../support/sandbox';
import { control, startDemoSandbox } from '../api/support';
import { findWorld, TEACHER, type NotificationWorld } from './support';

/**
 * The notifications feature as the app composes it (real composition, real session and vault, real
 * files) against the real sandbox: another user acts, the app hears of it once, with toasts, the
 * tray and the renderer's event in step; sign-out clears it.
 */
let running: RunningSandbox;
let world: NotificationWorld;
const folders: string[] = [];
const apps: Composition[] = [];

beforeAll(async () => {
  running = await startDemoSandbox();
  world = findWorld(running);
});
afterAll(async () => {
  await running?.stop();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop();
  await control(running.url, 'DELETE', '/sandbox/faults');
  // A state write already under way when the app stopped may land while the folder goes: retry.
  for (const folder of folders.splice(0))
    rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

async function startApp(dataFolder = mkdtempSync(join(tmpdir(), 'vc-notif-feature-'))) {
  folders.push(dataFolder);
  const states: NotificationsState[] = [];
  const { composition } = await startTestApp(running.url, {
    dataFolder,
    start: false,
    onEvent: (channel, payload) => {
      if (channel === 'notifications:changed') states.push(payload as NotificationsState);
    },
  });
  apps.push(composition);
  const toasts: ToastModel[][] = [];
  composition.notifications.onToasts((batch) => toasts.push(batch));
  await composition.start();
  return { composition, feature: composition.notifications, states, toasts, dataFolder };
}

const simulate = (body: Record<string, unknown>) =>
  control(running.url, 'POST', '/sandbox/simulate', body) as Promise<{ Id: number }>;

/** Waits until the condition holds (the first poll runs on its own after sign-in). */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the notifications feature in the composed app', () => {
  it('signs in, baselines quietly, then announces a comment once with a toast, the tray and the event', async () => {
    const app = await startApp();
    await app.composition.session.signInWithPassword(TEACHER, 'demo-password');
    await until(() => app.feature.service.get().status === 'waiting', 'the first poll');
    const before = app.feature.service.get();
    expect(before.items.length).toBeGreaterThan(0);
    expect(before.unseenCount).toBe(0);
    expect(app.toasts).toEqual([]);

    const comment = await simulate({
      Action: 'comment',
      ActorEmail: world.mentorEmail,
      PortfolioId: world.portfolioId,
      Text: 'Lovely wait time after the question.',
    });
    const after = await app.feature.service.refresh();
    expect(after.unseenCount).toBe(1);
    expect(after.items[0]).toMatchObject({
      kind: 'comment',
      seen: false,
      route: `/portfolios/${world.portfolioId}#comment-${comment.Id}`,
    });
    expect(app.states.at(-1)?.unseenCount).toBe(1);
    expect(app.toasts.flat().map((toast) => toast.route)).toEqual([
      `/portfolios/${world.portfolioId}#comment-${comment.Id}`,
    ]);
    expect(app.feature.tray()).toMatchObject({ icon: 'unread', badgeCount: 1 });

    // Polling again finds nothing new: no second toast.
    await app.feature.service.refresh();
    expect(app.toasts).toHaveLength(1);

    // Seen, then dismissed on the service: gone from the list after a fresh poll too.
    await app.feature.service.markSeen([after.items[0]!.id]);
    expect(app.feature.tray().badgeCount).toBe(0);
    await app.feature.service.dismiss(after.items[0]!.id);
    const fresh = await app.feature.service.refresh();
    expect(fresh.items.some((item) => item.id === after.items[0]!.id)).toBe(false);
  });

  it('reports dismiss-all failures by id when the service refuses some, and clears on sign-out', async () => {
    const app = await startApp();
    await app.composition.session.signInWithPassword(TEACHER, 'demo-password');
    await until(() => app.feature.service.get().status === 'waiting', 'the first poll');
    const listed = app.feature.service.get().items;
    expect(listed.length).toBeGreaterThan(1);
    const failing = listed[1]!.id;
    await control(running.url, 'POST', '/sandbox/faults', {
      Method: 'DELETE',
      PathPattern: `/api/notifications/${failing}`,
      Kind: 'status',
      Status: 503,
    });
    const result = await app.feature.service.dismissAll();
    expect(result.failed).toEqual([{ id: failing, code: 'SERVER_ERROR', message: expect.any(String) }]);
    expect(result.dismissed).toBeGreaterThan(0);
    expect(app.feature.service.get().items.map((item) => item.id)).toEqual([failing]);

    await app.composition.session.signOut();
    expect(app.states.at(-1)).toMatchObject({ items: [], unseenCount: 0, status: 'signed-out' });
    expect(app.feature.tray().icon).toBe('signed-out');
  });

  it('keeps settings in the data folder for the next start', async () => {
    const first = await startApp();
    first.feature.service.setSettings({ doNotDisturb: true, closeToTray: false });
    const second = await startApp(first.dataFolder);
    expect(second.feature.settings()).toMatchObject({ doNotDisturb: true, closeToTray: false });
  });
});
