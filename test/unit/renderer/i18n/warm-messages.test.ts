import { describe, expect, it } from 'vitest';
import enGB from '../../../../shared/i18n/en-GB';
import { messageKeys, warmMessages } from '../../../../renderer/src/i18n/warm-messages';

describe('compiling the messages while the app is idle', () => {
  it('finds every message of the catalogue by its dotted key', () => {
    expect(messageKeys({ a: 'x', b: { c: 'y', d: { e: 'z' } } })).toEqual(['a', 'b.c', 'b.d.e']);
    const keys = messageKeys(enGB);
    expect(keys).toContain('portfolioComments.reply');
    expect(keys.length).toBeGreaterThan(1_000);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('translates each key once, in slices, and moves on even when an idle moment has no time left', () => {
    const idle: ((deadline?: { timeRemaining(): number }) => void)[] = [];
    const translated: string[] = [];
    warmMessages(
      (task) => idle.push(task),
      ['a', 'b', 'broken', 'c'],
      (key) => {
        translated.push(key);
        if (key === 'broken') throw new Error('cannot compile');
      },
    );
    let slices = 0;
    while (idle.length > 0) {
      idle.shift()!({ timeRemaining: () => 0 });
      slices++;
    }
    expect(translated).toEqual(['a', 'b', 'broken', 'c']);
    expect(slices).toBe(4);
  });

  it('asks for no idle time when there is nothing to compile', () => {
    const idle: unknown[] = [];
    warmMessages((task) => idle.push(task), []);
    expect(idle).toEqual([]);
  });
});
