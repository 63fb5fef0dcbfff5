// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isKnownPath, router } from '../../../../renderer/src/router';
import { notificationRoute } from '../../../../main/services/notifications/routes';

/** Main decides where a notification (toast, tray item, centre row) goes; the page must have that screen. */
describe('every place a notification can lead to is a screen of the app', () => {
  const cases: [Parameters<typeof notificationRoute>[0], string][] = [
    [{ kind: 'comment', portfolioId: 7, commentId: 33 }, 'portfolio'],
    [{ kind: 'share', portfolioId: 7 }, 'portfolio'],
    [{ kind: 'post', communityId: 12 }, 'group'],
    [{ kind: 'post_comment', communityId: 12, postId: 5, commentId: 9 }, 'group-post'],
    [{ kind: 'invite', communityId: 12 }, 'group-invites'],
    [{ kind: 'member_added', link: '/communities/12' }, 'group'],
    [{ kind: 'something new' }, 'notifications'],
  ];
  it.each(cases)('%o opens the %s screen', (facts, name) => {
    const path = notificationRoute(facts);
    expect(isKnownPath(path)).toBe(true);
    expect(router.resolve(path).matched.map((record) => record.name)).toContain(name);
  });
});
