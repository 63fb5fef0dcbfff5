import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleDecision } from '../../../../../main/services/uploads/schedule';
import { StartGate, type GateClock } from '../../../../../main/services/uploads/start-gate';
import type { PowerSource } from '../../../../../main/services/uploads/types';

/**
 * The upload window on the local wall clock. The tests run in Oslo's time zone, so that the day
 * the clocks go forward (28 March 2027, 02:00 -> 03:00) is a real case.
 */
let zoneBefore: string | undefined;
beforeAll(() => {
  zoneBefore = process.env.TZ;
  process.env.TZ = 'Europe/Oslo';
});
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

/** Local wall-clock time in the test's zone. */
const local = (year: number, month: number, day: number, hours: number, minutes = 0) =>
  new Date(year, month - 1, day, hours, minutes).getTime();

const evening = { start: '15:30', end: '07:30' };
const office = { start: '09:00', end: '17:00' };

describe('upload schedule', () => {
  it('is open inside a window that crosses midnight, on both sides of midnight', () => {
    expect(scheduleDecision(evening, local(2027, 1, 11, 15, 30))).toEqual({ open: true });
    expect(scheduleDecision(evening, local(2027, 1, 11, 23, 59))).toEqual({ open: true });
    expect(scheduleDecision(evening, local(2027, 1, 12, 0, 0))).toEqual({ open: true });
    expect(scheduleDecision(evening, local(2027, 1, 12, 7, 29))).toEqual({ open: true });
  });

  it('is closed from the end to the start, and opens at the start the same day', () => {
    expect(scheduleDecision(evening, local(2027, 1, 12, 7, 30))).toEqual({
      open: false,
      until: '15:30',
      opensAt: local(2027, 1, 12, 15, 30),
    });
    expect(scheduleDecision(evening, local(2027, 1, 12, 15, 29))).toMatchObject({ open: false, until: '15:30' });
  });

  it('opens tomorrow when today’s window is over', () => {
    expect(scheduleDecision(office, local(2027, 1, 12, 17, 0))).toEqual({
      open: false,
      until: '09:00',
      opensAt: local(2027, 1, 13, 9, 0),
    });
    // Last day of the month: the next day is the 1st of the next month.
    expect(scheduleDecision(office, local(2027, 1, 31, 20, 0))).toMatchObject({ opensAt: local(2027, 2, 1, 9, 0) });
  });

  it('opens at the wall-clock start on the night the clocks go forward', () => {
    const decision = scheduleDecision(office, local(2027, 3, 27, 18, 0));
    expect(decision.open).toBe(false);
    const opensAt = new Date((decision as { opensAt: number }).opensAt);
    expect([opensAt.getDate(), opensAt.getHours(), opensAt.getMinutes()]).toEqual([28, 9, 0]);
    // 15 hours on the wall clock, 14 of real time: the lost hour is not added back.
    expect((decision as { opensAt: number }).opensAt - local(2027, 3, 27, 18, 0)).toBe(14 * 3_600_000);
  });

  it('treats equal start and end as no restriction', () => {
    expect(scheduleDecision({ start: '08:00', end: '08:00' }, local(2027, 1, 12, 3, 0))).toEqual({ open: true });
  });
});

class HandClock implements GateClock {
  time = 0;
  timers: { at: number; run: () => void; id: number }[] = [];
  private nextId = 1;
  now(): number {
    return this.time;
  }
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }
  /** Moves to the first timer's moment and runs it. */
  fireNext(): void {
    const next = this.timers.shift()!;
    this.time = next.at;
    next.run();
  }
}

class SwitchablePower implements PowerSource {
  battery = false;
  private listeners = new Set<() => void>();
  onBattery(): boolean {
    return this.battery;
  }
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(battery: boolean): void {
    this.battery = battery;
    for (const listener of this.listeners) listener();
  }
}

describe('start gate', () => {
  function gate(rules: { schedule?: typeof evening; onlyOnMainsPower?: boolean }) {
    const clock = new HandClock();
    const power = new SwitchablePower();
    let reopened = 0;
    const subject = new StartGate({ rules: () => rules, power, clock, reopened: () => (reopened += 1) });
    return { subject, clock, power, reopened: () => reopened };
  }

  it('holds files outside the schedule and wakes the queue at the window’s start', () => {
    const { subject, clock, reopened } = gate({ schedule: evening });
    clock.time = local(2027, 1, 12, 15, 25);
    expect(subject.hold()).toEqual({ waiting: 'schedule', until: '15:30' });
    expect(clock.timers.map((timer) => timer.at)).toEqual([local(2027, 1, 12, 15, 30)]);
    clock.fireNext();
    expect(reopened()).toBe(1);
    expect(subject.hold()).toBeUndefined();
    expect(clock.timers).toEqual([]);
  });

  it('looks again within ten minutes when the window is hours away (the wall clock may jump)', () => {
    const { subject, clock } = gate({ schedule: evening });
    clock.time = local(2027, 1, 12, 8, 0);
    expect(subject.hold()).toEqual({ waiting: 'schedule', until: '15:30' });
    expect(clock.timers[0]!.at - clock.time).toBe(10 * 60_000);
  });

  it('holds files on battery only with the mains rule, and reopens when the power changes', () => {
    const { subject, power, reopened } = gate({ onlyOnMainsPower: true });
    expect(subject.hold()).toBeUndefined();
    power.set(true);
    expect(reopened()).toBe(1);
    expect(subject.hold()).toEqual({ waiting: 'battery' });
    power.set(false);
    expect(subject.hold()).toBeUndefined();

    const relaxed = gate({ onlyOnMainsPower: false });
    relaxed.power.set(true);
    expect(relaxed.subject.hold()).toBeUndefined();
  });

  it('names the schedule first when both hold, since plugging in would not help', () => {
    const { subject, clock, power } = gate({ schedule: evening, onlyOnMainsPower: true });
    power.set(true);
    clock.time = local(2027, 1, 12, 12, 0);
    expect(subject.hold()).toEqual({ waiting: 'schedule', until: '15:30' });
    clock.time = local(2027, 1, 12, 16, 0);
    expect(subject.hold()).toEqual({ waiting: 'battery' });
  });

  it('stops listening when disposed', () => {
    const { subject, power, reopened } = gate({ onlyOnMainsPower: true });
    subject.dispose();
    power.set(true);
    expect(reopened()).toBe(0);
  });
});
