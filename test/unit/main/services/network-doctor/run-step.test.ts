import { describe, expect, it } from 'vitest';
import { runStep } from '../../../../../main/services/network-doctor/run-step';
import { message, outcome } from '../../../../../main/services/network-doctor/types';
import { say } from './say';

describe('one step of the check', () => {
  it('passes the check’s answer on', async () => {
    const result = await runStep(1_000, async () => outcome('ok', message('proxy.direct')));
    expect(result.status).toBe('ok');
  });

  it('is red with the reason when the check throws', async () => {
    const result = await runStep(1_000, async () => {
      throw new Error('socket hang up');
    });
    expect(result.status).toBe('fail');
    expect(say(result.summary)).toBe('This step failed: socket hang up');
  });

  it('is red when the limit passes, and tells the check to stop', async () => {
    let signal: AbortSignal | undefined;
    const result = await runStep(20, (s) => {
      signal = s;
      return new Promise(() => undefined);
    });
    expect(result.status).toBe('fail');
    expect(say(result.summary)).toContain('No answer within');
    expect(say(result.advice)).toContain('ask IT');
    expect(signal?.aborted).toBe(true);
  });
});
