import { describe, expect, it } from 'vitest';
import { createWindowGate } from '../../../../../main/services/shell/window-gate';

/** A window shown before app:// is served and IPC is mounted stays blank: the gate holds it back. */
describe('the window gate', () => {
  it('remembers requests made during start-up and shows the window once, when the shell is ready', () => {
    let shown = 0;
    const gate = createWindowGate(() => shown++);
    gate.request(); // a second launch before Electron is ready
    gate.request(); // the first show, while the vault is still opening
    expect(shown).toBe(0);
    gate.open();
    expect(shown).toBe(1);
  });

  it('once ready, each request brings the window forward at once', () => {
    let shown = 0;
    const gate = createWindowGate(() => shown++);
    gate.open();
    expect(shown).toBe(0); // started hidden at login: nothing asked for a window
    gate.request();
    gate.request();
    expect(shown).toBe(2);
  });

  it('opening twice does not show the window again', () => {
    let shown = 0;
    const gate = createWindowGate(() => shown++);
    gate.request();
    gate.open();
    gate.open();
    expect(shown).toBe(1);
  });
});
