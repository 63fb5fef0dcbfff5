/**
 * Where a notification takes the person when they click it: a path in the app's own router.
 * The ids the service sends win; its `Link` (a web-site path such as `/communities/12/posts/5` or
 * `/portfolios/7?comment=33`) fills in what they leave out. Anything else opens the notification list.
 */

export interface RouteFacts {
  kind: string;
  communityId?: number;
  portfolioId?: number;
  commentId?: number;
  postId?: number;
  link?: string;
}

export const NOTIFICATIONS_ROUTE = '/notifications';
export const GROUP_INVITES_ROUTE = '/groups/invites';

const portfolioKinds = new Set(['share', 'comment', 'reply', 'portfolio_comment']);

/** Ids found in a web-site link, for services that send a link but leave the id fields empty. */
export function idsFromLink(link: string | undefined): Omit<RouteFacts, 'kind' | 'link'> {
  if (!link) return {};
  let url: URL;
  try {
    url = new URL(link, 'https://service.invalid');
  } catch {
    return {};
  }
  const ids: Omit<RouteFacts, 'kind' | 'link'> = {};
  const number = (text: string | null | undefined): number | undefined =>
    text && /^\d+$/.test(text) ? Number(text) : undefined;
  const group = /\/(?:communities|community|groups)\/(\d+)(?:\/posts\/(\d+))?/i.exec(url.pathname);
  if (group) {
    ids.communityId = number(group[1]);
    const post = number(group[2]);
    if (post !== undefined) ids.postId = post;
  }
  const portfolio = /\/portfolios?\/(\d+)/i.exec(url.pathname);
  if (portfolio) ids.portfolioId = number(portfolio[1]);
  const comment =
    number(url.searchParams.get('comment') ?? url.searchParams.get('commentId')) ??
    number(/^#?comment-(\d+)$/i.exec(url.hash)?.[1]);
  if (comment !== undefined) ids.commentId = comment;
  return ids;
}

export function notificationRoute(facts: RouteFacts): string {
  const fromLink = idsFromLink(facts.link);
  const communityId = facts.communityId ?? fromLink.communityId;
  const portfolioId = facts.portfolioId ?? fromLink.portfolioId;
  const postId = facts.postId ?? fromLink.postId;
  const commentId = facts.commentId ?? fromLink.commentId;
  const kind = facts.kind.toLowerCase();

  if (kind === 'invite') return GROUP_INVITES_ROUTE;
  // A portfolio notification (a share, a comment on it or a reply) opens the portfolio, at the comment.
  if (portfolioId !== undefined && (portfolioKinds.has(kind) || communityId === undefined)) {
    return commentId !== undefined ? `/portfolios/${portfolioId}#comment-${commentId}` : `/portfolios/${portfolioId}`;
  }
  if (communityId !== undefined) {
    if (postId === undefined) return `/groups/${communityId}`;
    const post = `/groups/${communityId}/posts/${postId}`;
    return commentId !== undefined ? `${post}#comment-${commentId}` : post;
  }
  return NOTIFICATIONS_ROUTE;
}
