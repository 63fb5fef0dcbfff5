import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../sandbox/src/demo/generate';
import { startTestApp, type TestApp } from '../../support/app-host';
import { bridgeCall } from '../../support/bridge-call';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';

/**
 * Issue #14 item 5: the lists a teacher last saw (my groups, my portfolios, notifications) are kept on
 * disk per account and answered, marked with their time, when the service cannot be reached; signing
 * out removes them. Everything is real: the sandbox over HTTP, the vault over this run's keychain,
 * files on disk. "The network goes" is the sandbox stopping: its port then refuses connections.
 */

const TEACHER = 'teacher@northbridge.example';
const PASSWORD = 'demo-password';

let sandbox: RunningSandbox;
let sandboxRunning: boolean;
let app: TestApp;

beforeEach(async () => {
  sandbox = await startSandbox();
  sandboxRunning = true;
  seedDemo(sandbox.sandbox.ctx, 'demo');
  app = await startTestApp(sandbox.url);
});
afterEach(async () => {
  await app.composition.stop();
  if (sandboxRunning) await sandbox.stop();
});

/** Waits for something on disk to become true (the files are written in the background). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const offlineFolder = () => join(app.dataFolder, 'offline-lists');
const networkGoes = async () => {
  await sandbox.stop();
  sandboxRunning = false;
};

describe('lists without a network', () => {
  it('answers my groups, my portfolios and the notifications as last read, with the time they are from', async () => {
    const before = Date.now();
    await app.composition.session.signInWithPassword(TEACHER, PASSWORD);
    const groupsQuery = { orderBy: 'NAME', orderByDirection: 'ASC', pageNumber: 1, pageSize: 50 };
    const groups = await bridgeCall(app, 'groups:list-mine', groupsQuery);
    const portfolios = await bridgeCall(app, 'portfolios:list', { createdByMe: true });
    const notifications = await app.composition.notifications.service.refresh();
    if (!groups.ok || !portfolios.ok) throw new Error('the live lists should have been read');
    expect(groups.cached).toBeUndefined();
    expect(portfolios.cached).toBeUndefined();
    expect(notifications.cached).toBeUndefined();
    expect(groups.data.items.length).toBeGreaterThan(0);
    expect(portfolios.data.length).toBeGreaterThan(0);
    const wentAt = Date.now();
    await networkGoes();

    const groupsOffline = await bridgeCall(app, 'groups:list-mine', groupsQuery);
    const portfoliosOffline = await bridgeCall(app, 'portfolios:list', { createdByMe: true });
    const notificationsOffline = await app.composition.notifications.service.refresh();
    if (!groupsOffline.ok || !portfoliosOffline.ok) throw new Error('the kept lists should have been answered');
    expect(groupsOffline.data.items.map((group) => group.name)).toEqual(groups.data.items.map((group) => group.name));
    expect(portfoliosOffline.data).toEqual(portfolios.data);
    expect(notificationsOffline.items.map((item) => item.id)).toEqual(notifications.items.map((item) => item.id));
    for (const cached of [groupsOffline.cached, portfoliosOffline.cached, notificationsOffline.cached]) {
      expect(cached?.offline).toBe(true);
      // The time the live list was read: before the network went, not now.
      const asOf = Date.parse(cached?.asOf ?? '');
      expect(asOf).toBeGreaterThanOrEqual(before);
      expect(asOf).toBeLessThanOrEqual(wentAt);
    }
  });

  it('a list never read before, or a search, fails as the network did: nothing is made up', async () => {
    await app.composition.session.signInWithPassword(TEACHER, PASSWORD);
    // A search is read live but not kept (every word typed would crowd out the lists worth keeping).
    expect((await bridgeCall(app, 'portfolios:list', { searchTerm: 'Lesson' })).ok).toBe(true);
    await networkGoes();
    for (const query of [{ sharedWithMe: true }, { searchTerm: 'Lesson' }]) {
      const answer = await bridgeCall(app, 'portfolios:list', query);
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(answer.error.code).toBe('UNREACHABLE');
    }
  });

  it('signing out removes the account’s kept lists from the disk, and offline nothing is shown after', async () => {
    await app.composition.session.signInWithPassword(TEACHER, PASSWORD);
    await bridgeCall(app, 'portfolios:list', { createdByMe: true });
    await app.composition.notifications.service.refresh();
    // What was read is on disk (written just after it was answered), in one folder for this account.
    await until(() => existsSync(offlineFolder()) && readdirSync(offlineFolder()).length > 0);
    const accountFolders = readdirSync(offlineFolder());
    expect(accountFolders).toHaveLength(1);
    const accountFolder = join(offlineFolder(), accountFolders[0]!);
    await until(() => readdirSync(accountFolder).filter((name) => name.endsWith('.json')).length >= 2);

    await networkGoes();
    await app.composition.session.signOut();
    expect(existsSync(accountFolder)).toBe(false);
    expect(app.composition.notifications.service.get().items).toEqual([]);
  });
});
