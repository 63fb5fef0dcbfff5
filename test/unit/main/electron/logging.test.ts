import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron } from '../../../support/fake-electron';

// electron-log is CommonJS in node_modules: Node's own require would load the real `electron`, so its
// Electron entry is loaded here with the fake in its place. That is what the app bundles if it imports it.
vi.mock('electron-log/main', async () => {
  const { requireWithFakeElectron } = await import('../../../support/fake-electron/require-with-fake');
  return { default: requireWithFakeElectron('electron-log/main') };
});

describe('the log file', () => {
  let userData: string;
  beforeEach(() => {
    fakeElectron.reset();
    userData = mkdtempSync(join(tmpdir(), 'vc-logging-'));
    fakeElectron.state.paths.set('userData', userData);
  });

  it('is written from main alone: no IPC channel for pages, no preload in the data folder', async () => {
    const { electronLogSink } = await import('../../../../main/electron/logging');
    const logFile = join(mkdtempSync(join(tmpdir(), 'vc-logs-')), 'main.log');
    const sink = electronLogSink({ file: logFile, appName: 'Video Collab Desktop' });
    await fakeElectron.becomeReady();
    sink('warn', 'Keychain unavailable', { backend: 'memory' });

    // Support reads this file: the line is there, with its details.
    expect(readFileSync(logFile, 'utf8')).toMatch(/\[warn\]\s+Keychain unavailable .*memory/);
    // A page could otherwise write into it (and flood it) through a channel that no sender check guards.
    expect([...fakeElectron.state.ipcHandlers.keys()]).toEqual([]);
    expect(readdirSync(userData)).toEqual([]);
  });
});
