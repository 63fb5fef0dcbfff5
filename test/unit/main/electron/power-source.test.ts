import { beforeEach, describe, expect, it } from 'vitest';
import { fakeElectron } from '../../../support/fake-electron';
import { createPowerSource } from '../../../../main/electron/power-source';

/** "Upload only on mains power" hears from Electron's powerMonitor whether the computer is unplugged. */

beforeEach(async () => {
  fakeElectron.reset();
  await fakeElectron.becomeReady();
});

describe('the power source', () => {
  it('says whether the computer is on battery, and tells when it is unplugged or plugged in', () => {
    const power = createPowerSource();
    let changes = 0;
    const stop = power.onChange(() => (changes += 1));
    expect(power.onBattery()).toBe(false);
    fakeElectron.setOnBattery(true);
    expect(power.onBattery()).toBe(true);
    fakeElectron.setOnBattery(false);
    expect(changes).toBe(2);
    stop();
    fakeElectron.setOnBattery(true);
    expect(changes).toBe(2);
    expect(fakeElectron.state.powerMonitorEvents.listenerCount('on-ac')).toBe(0);
  });

  it('is used only after the app is ready, as Electron requires', () => {
    fakeElectron.reset();
    expect(() => createPowerSource().onBattery()).toThrow(/ready/);
  });
});
