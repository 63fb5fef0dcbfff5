import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defaultUpdatePolicy,
  electronUpdaterEngine,
  UpdateController,
  type UpdateEngine,
} from '../../../main/services/updates';
import type { Logger } from '../../../main/services/log';
import { sha512Of, startLocalFeed, type LocalFeed } from './local-feed';
import { plainNodeAppImageUpdater } from './plain-node-updater';

/**
 * The check-and-download path for real: electron-updater's AppImage updater behind our engine, in
 * plain Node, against a generic-provider feed served from a temporary folder. Installing (which
 * replaces the running AppImage and restarts it) is not run. The app itself no longer lets an AppImage
 * update itself (issue 28: nothing checks who made the update); the AppImage updater stays the one
 * electron-updater updater that runs in plain Node on Linux, so it carries the engine's tests here.
 */

const log: Logger = { info() {}, warn() {}, error() {} };
let feed: LocalFeed;

beforeAll(async () => {
  feed = await startLocalFeed();
});
afterAll(() => feed.close());

beforeEach(() => {
  // The AppImage runtime sets it to the file the app runs from; the updater works only with it.
  const installed = join(mkdtempSync(join(tmpdir(), 'vc-appimage-')), 'VideoCollab-Desktop.AppImage');
  writeFileSync(installed, 'the installed 0.1.0');
  vi.stubEnv('APPIMAGE', installed);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

function engineFor(version: string, builtInFeed = feed.url, feedUrl: string | null = null) {
  const { updater, pendingFolder } = plainNodeAppImageUpdater(version, builtInFeed);
  return { engine: electronUpdaterEngine(updater, { feedUrl, log }), updater, pendingFolder };
}

const filesIn = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);

describe('updates from a local feed', () => {
  it('finds a newer version, downloads it with progress, and keeps the file only once its sha512 matched', async () => {
    const { file, bytes } = feed.publish('0.2.0');
    const { engine, pendingFolder } = engineFor('0.1.0');
    expect(await engine.check()).toBe('0.2.0');
    const progress: number[] = [];
    await engine.download((percent) => progress.push(percent));
    expect(readFileSync(join(pendingFolder, file))).toEqual(bytes);
    expect(progress.at(-1)).toBe(100);
    expect(feed.requests).toContain(`/${file}`);
  });

  it('reports nothing to do when the feed offers the version already installed', async () => {
    feed.publish('0.2.0');
    const { engine, pendingFolder } = engineFor('0.2.0');
    expect(await engine.check()).toBeNull();
    expect(filesIn(pendingFolder)).toEqual([]);
  });

  it('refuses a file whose sha512 is not the one the feed announced, and keeps nothing of it', async () => {
    const { file } = feed.publish('0.3.0', { announcedSha512: sha512Of(Buffer.from('other bytes')) });
    const { engine, pendingFolder } = engineFor('0.1.0');
    expect(await engine.check()).toBe('0.3.0');
    await expect(engine.download(() => undefined)).rejects.toThrow(/sha512 checksum mismatch/);
    expect(filesIn(pendingFolder)).not.toContain(file);
  });

  it('asks the feed the policy names instead of the one built into the app', async () => {
    feed.publish('0.4.0');
    const { engine } = engineFor('0.1.0', 'http://127.0.0.1:9/unused/', feed.url);
    expect(await engine.check()).toBe('0.4.0');
  });

  it('takes the app from checking to an update that waits for the app to quit', async () => {
    feed.publish('0.2.0');
    const { engine, updater } = engineFor('0.1.0');
    let run: (() => void) | undefined;
    const controller = new UpdateController({
      mode: () => 'automatic',
      policy: () => defaultUpdatePolicy,
      createEngine: (): Promise<UpdateEngine> => Promise.resolve(engine),
      uploads: { busy: () => false, onChange: () => () => undefined },
      now: () => new Date(),
      setTimer: (next) => {
        run = next;
        return () => (run = undefined);
      },
      log,
    });
    controller.start();
    run!();
    await vi.waitFor(() => expect(controller.about().state).toBe('ready'));
    expect(controller.about()).toEqual({ mode: 'automatic', state: 'ready', version: '0.2.0', waitingFor: 'quit' });
    expect(updater.autoInstallOnAppQuit).toBe(true);
    controller.dispose();
  });
});
