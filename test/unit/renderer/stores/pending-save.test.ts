import { describe, expect, it } from 'vitest';
import { retriesByItself, retryDelay } from '../../../../renderer/src/stores/pending-save';

describe('trying a failed save again', () => {
  it('waits longer after each failure, then keeps the longest wait', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(retryDelay)).toEqual([1000, 2000, 5000, 10000, 30000, 30000, 30000]);
    expect(retryDelay(0)).toBe(1000);
  });

  it('tries again by itself when the service or the network failed, not when the edit was refused', () => {
    for (const code of ['SERVER_ERROR', 'UNREACHABLE', 'TIMEOUT', 'RATE_LIMITED'] as const) {
      expect(retriesByItself({ code, message: '' })).toBe(true);
    }
    for (const code of ['VALIDATION', 'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'] as const) {
      expect(retriesByItself({ code, message: '' })).toBe(false);
    }
  });
});
