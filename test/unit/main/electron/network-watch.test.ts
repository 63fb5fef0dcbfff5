import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron } from '../../../support/fake-electron';
import { NETWORK_PROBE_MS, startNetworkWatch } from '../../../../main/electron/network-watch';

/**
 * The network watch against the strict fake of Electron: the session is told "try now" when the
 * computer gets its network back or wakes, and not while nothing changed.
 */

let told: number;
let watch: { dispose(): void } | undefined;

beforeEach(async () => {
  fakeElectron.reset();
  await fakeElectron.becomeReady();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  told = 0;
});
afterEach(() => {
  watch?.dispose();
  watch = undefined;
  vi.useRealTimers();
});

describe('the network watch', () => {
  it('says so once when the network comes back, not while it stays up or down', () => {
    fakeElectron.state.online = false;
    watch = startNetworkWatch(() => (told += 1));
    vi.advanceTimersByTime(3 * NETWORK_PROBE_MS);
    expect(told).toBe(0);

    fakeElectron.state.online = true;
    vi.advanceTimersByTime(NETWORK_PROBE_MS);
    expect(told).toBe(1);
    vi.advanceTimersByTime(3 * NETWORK_PROBE_MS);
    expect(told).toBe(1);
  });

  it('says so when the computer wakes or is unlocked', () => {
    watch = startNetworkWatch(() => (told += 1));
    fakeElectron.state.powerMonitorEvents.emit('resume');
    fakeElectron.state.powerMonitorEvents.emit('unlock-screen');
    expect(told).toBe(2);
  });

  it('stops listening once disposed', () => {
    fakeElectron.state.online = false;
    watch = startNetworkWatch(() => (told += 1));
    watch.dispose();
    fakeElectron.state.online = true;
    vi.advanceTimersByTime(NETWORK_PROBE_MS);
    fakeElectron.state.powerMonitorEvents.emit('resume');
    expect(told).toBe(0);
  });
});
