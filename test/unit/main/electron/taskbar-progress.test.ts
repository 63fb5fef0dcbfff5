import { beforeEach, describe, expect, it } from 'vitest';
import { BrowserWindow } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import type { FakeBrowserWindow } from '../../../support/fake-electron/windows';
import { createTaskbarProgress } from '../../../../main/electron/taskbar-progress';

/** The thin adapter that draws the transfers' progress on the taskbar button (dock icon). */

let window: BrowserWindow | undefined;
const progress = () => (window as unknown as FakeBrowserWindow).progress;

beforeEach(async () => {
  fakeElectron.reset();
  await fakeElectron.becomeReady();
  window = new BrowserWindow({ show: true });
});

describe('the taskbar progress bar', () => {
  it('draws a fraction within 0 to 1, and removes the bar for null', () => {
    const bar = createTaskbarProgress(() => window);
    bar.setProgress(0.25);
    expect(progress()).toBe(0.25);
    // Electron shows an endless "busy" bar above 1 and removes the bar below 0: neither is progress.
    bar.setProgress(1.7);
    expect(progress()).toBe(1);
    bar.setProgress(-0.2);
    expect(progress()).toBe(0);
    bar.setProgress(Number.NaN);
    expect(progress()).toBe(0);
    bar.setProgress(null);
    expect(progress()).toBe(-1);
  });

  it('draws on whichever window is the main one now, and leaves a closed or missing one alone', () => {
    const bar = createTaskbarProgress(() => window);
    const first = window!;
    first.destroy();
    expect(() => bar.setProgress(0.5)).not.toThrow();
    window = new BrowserWindow({ show: true });
    bar.setProgress(0.5);
    expect(progress()).toBe(0.5);
    window = undefined;
    expect(() => bar.setProgress(null)).not.toThrow();
  });
});
