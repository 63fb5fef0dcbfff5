import { describe, expect, it } from 'vitest';
import { createMediaGrants } from '../../../../../main/services/media/media-grants';

describe('media grants', () => {
  it('names each admitted file by a fresh unguessable token', () => {
    const grants = createMediaGrants();
    const first = grants.grant('/home/teacher/lesson.mp4');
    const second = grants.grant('/home/teacher/lesson.mp4');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(grants.resolve(first)).toBe('/home/teacher/lesson.mp4');
  });

  it('opens nothing for a token it did not give, a revoked one or an expired one', () => {
    let now = 0;
    const grants = createMediaGrants({ now: () => now, lifetimeMs: 1000 });
    const revoked = grants.grant('/a.mp4');
    const expiring = grants.grant('/b.mp4');
    grants.revoke(revoked);
    expect(grants.resolve(revoked)).toBeNull();
    expect(grants.resolve('..%2F..%2Fetc%2Fpasswd')).toBeNull();
    now = 999;
    expect(grants.resolve(expiring)).toBe('/b.mp4');
    now = 1000;
    expect(grants.resolve(expiring)).toBeNull();
  });
});
