import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkGate } from '../../../../../main/services/uploads/network-gate';

describe('the network gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function gateWith(answers: boolean[]) {
    const changes: boolean[] = [];
    let probes = 0;
    const gate = new NetworkGate({
      probe: async () => {
        probes += 1;
        return answers.shift() ?? true;
      },
      onChange: (down) => changes.push(down),
      probeMs: { first: 1_000, cap: 4_000 },
    });
    return { gate, changes, probes: () => probes };
  }

  it('a failure with the network there counts as the file’s own: the gate stays open', async () => {
    const { gate, changes } = gateWith([true]);
    expect(await gate.noAnswer()).toBe(true);
    expect(gate.down).toBe(false);
    expect(changes).toEqual([]);
  });

  it('closes when nothing answers, probes with backoff however long it takes, and opens by itself', async () => {
    const { gate, changes, probes } = gateWith([false, false, false, false, false, true]);
    expect(await gate.noAnswer()).toBe(false);
    expect(gate.down).toBe(true);
    expect(changes).toEqual([true]);
    // A second failure while closed asks no probe of its own.
    expect(await gate.noAnswer()).toBe(false);
    expect(probes()).toBe(1);
    // 1 s, 2 s, 4 s, then the cap of 4 s: five more probes in 15 s, the last one answered.
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 4_000);
    expect(gate.down).toBe(true);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(probes()).toBe(6);
    expect(gate.down).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('probes at once when the operating system says it is online again', async () => {
    const { gate, changes } = gateWith([false, true]);
    await gate.noAnswer();
    gate.osOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(gate.down).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('a probe that throws is no answer, and a disposed gate probes no more', async () => {
    let probes = 0;
    const gate = new NetworkGate({
      probe: async () => {
        probes += 1;
        throw new Error('ENETUNREACH');
      },
      onChange: () => undefined,
      probeMs: { first: 1_000, cap: 1_000 },
    });
    expect(await gate.noAnswer()).toBe(false);
    gate.dispose();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probes).toBe(1);
  });
});
