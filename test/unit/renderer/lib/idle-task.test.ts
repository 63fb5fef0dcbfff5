import { describe, expect, it } from 'vitest';
import { IDLE_SLICE_MS, runWhenIdle, type IdleTask } from '../../../../renderer/src/lib/idle-task';

/** Idle moments the test hands out one at a time, each with the time it says is left. */
function idleMoments() {
  const queue: IdleTask[] = [];
  return {
    whenIdle: (task: IdleTask) => queue.push(task),
    /** Runs the next idle moment; false when nothing asked for one. */
    next(timeRemaining: number): boolean {
      const task = queue.shift();
      task?.({ timeRemaining: () => timeRemaining });
      return task !== undefined;
    },
    get waiting() {
      return queue.length;
    },
  };
}

describe('work done while the app is idle, a slice at a time', () => {
  it('does as many steps as fit in the idle moment, never more than a slice, in order', () => {
    let clock = 0;
    const done: number[] = [];
    const steps = Array.from({ length: 10 }, (_, index) => () => {
      done.push(index);
      clock += 3; // each step takes 3 ms
    });
    const idle = idleMoments();
    runWhenIdle(steps, idle.whenIdle, undefined, () => clock);

    // The moment offers 50 ms; a slice takes at most IDLE_SLICE_MS (8): steps start at 0, 3, 6 ms.
    idle.next(50);
    expect(IDLE_SLICE_MS).toBe(8);
    expect(done).toEqual([0, 1, 2]);
    // A moment with 4 ms left takes steps starting at 0 and 3 ms.
    idle.next(4);
    expect(done).toEqual([0, 1, 2, 3, 4]);
    while (idle.next(50));
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('moves on by one step even when an idle moment (forced by its timeout) has no time left', () => {
    const done: string[] = [];
    const idle = idleMoments();
    runWhenIdle(
      ['a', 'b', 'c'].map((name) => () => done.push(name)),
      idle.whenIdle,
      undefined,
      () => 0,
    );
    idle.next(0);
    expect(done).toEqual(['a']);
    idle.next(0);
    idle.next(0);
    expect(done).toEqual(['a', 'b', 'c']);
    expect(idle.waiting).toBe(0);
  });

  it('passes over a step that throws and still does the rest, then says it is done once', () => {
    const done: string[] = [];
    let finished = 0;
    const idle = idleMoments();
    runWhenIdle(
      [
        () => done.push('first'),
        () => {
          throw new Error('not ready');
        },
        () => done.push('last'),
      ],
      idle.whenIdle,
      () => finished++,
      () => 0,
    );
    while (idle.next(0));
    expect(done).toEqual(['first', 'last']);
    expect(finished).toBe(1);
  });

  it('asks for no idle time when there is nothing to do, and says it is done at once', () => {
    let finished = 0;
    const idle = idleMoments();
    runWhenIdle([], idle.whenIdle, () => finished++);
    expect(idle.waiting).toBe(0);
    expect(finished).toBe(1);
  });
});
