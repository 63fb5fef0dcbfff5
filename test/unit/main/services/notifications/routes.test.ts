import { describe, expect, it } from 'vitest';
import { idsFromLink, notificationRoute } from '../../../../../main/services/notifications/routes';

describe('where a notification opens', () => {
  it('opens a portfolio at the comment for comments and replies, and the portfolio for a share', () => {
    expect(notificationRoute({ kind: 'comment', portfolioId: 7, commentId: 33 })).toBe('/portfolios/7#comment-33');
    expect(notificationRoute({ kind: 'reply', portfolioId: 7, commentId: 34 })).toBe('/portfolios/7#comment-34');
    expect(notificationRoute({ kind: 'share', portfolioId: 7 })).toBe('/portfolios/7');
  });

  it('opens a group, its post, or the comment under the post', () => {
    expect(notificationRoute({ kind: 'member_added', communityId: 12 })).toBe('/groups/12');
    expect(notificationRoute({ kind: 'promoted', communityId: 12 })).toBe('/groups/12');
    expect(notificationRoute({ kind: 'post', communityId: 12, postId: 5 })).toBe('/groups/12/posts/5');
    expect(notificationRoute({ kind: 'post_comment', communityId: 12, postId: 5, commentId: 9 })).toBe(
      '/groups/12/posts/5#comment-9',
    );
    expect(notificationRoute({ kind: 'reply', communityId: 12, postId: 5, commentId: 10 })).toBe(
      '/groups/12/posts/5#comment-10',
    );
  });

  it('sends group invitations to the invitations page, never putting the invite code in the route', () => {
    const route = notificationRoute({ kind: 'invite', communityId: 12, link: '/communities/invite/accept/abc123' });
    expect(route).toBe('/groups/invites');
  });

  it('falls back on the link when the ids are missing, and on the list when there is nothing', () => {
    expect(notificationRoute({ kind: 'comment', link: '/portfolios/7?comment=33' })).toBe('/portfolios/7#comment-33');
    expect(notificationRoute({ kind: 'post', link: 'https://service.example/communities/12/posts/5' })).toBe(
      '/groups/12/posts/5',
    );
    expect(notificationRoute({ kind: 'something-new' })).toBe('/notifications');
    expect(notificationRoute({ kind: 'comment', link: '::not a link' })).toBe('/notifications');
  });

  it('reads ids out of the service’s web links', () => {
    expect(idsFromLink('/communities/4/posts/8')).toEqual({ communityId: 4, postId: 8 });
    expect(idsFromLink('/portfolios/3#comment-2')).toEqual({ portfolioId: 3, commentId: 2 });
    expect(idsFromLink(undefined)).toEqual({});
  });
});
