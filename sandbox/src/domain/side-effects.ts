import type { SandboxContext } from '../context.js';

export interface NotificationInput {
  userId: number;
  kind: 'comment' | 'reply' | 'share' | 'member_added' | 'post' | 'invite' | 'promoted' | 'post_comment';
  title: string;
  message: string;
  actorId?: number | null;
  communityId?: number | null;
  portfolioId?: number | null;
  commentId?: number | null;
  postId?: number | null;
  link?: string | null;
}

/** Creates a notification for a user (never for the actor acting on their own things). */
export function notify(ctx: SandboxContext, input: NotificationInput): void {
  if (input.actorId !== undefined && input.actorId === input.userId) return;
  ctx.db
    .prepare(
      `INSERT INTO notifications (user_id, kind, title, message, actor_id, community_id, portfolio_id,
         comment_id, post_id, link, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
    )
    .run(
      input.userId,
      input.kind,
      input.title,
      input.message,
      input.actorId ?? null,
      input.communityId ?? null,
      input.portfolioId ?? null,
      input.commentId ?? null,
      input.postId ?? null,
      input.link ?? null,
      ctx.now().toISOString(),
    );
}

/** Records an email in the outbox (the sandbox sends nothing). */
export function sendEmail(ctx: SandboxContext, to: string, subject: string, body: string, kind: string): void {
  ctx.db
    .prepare('INSERT INTO outbox (to_address, subject, body, kind, created_at) VALUES (?,?,?,?,?)')
    .run(to, subject, body, kind, ctx.now().toISOString());
}

/** Appends to the activity log that reporting and statistics read. */
export function recordActivity(
  ctx: SandboxContext,
  kind: string,
  userId: number | null,
  organisationId: number | null,
  communityId: number | null = null,
): void {
  ctx.db
    .prepare('INSERT INTO activity (user_id, organisation_id, community_id, kind, created_at) VALUES (?,?,?,?,?)')
    .run(userId, organisationId, communityId, kind, ctx.now().toISOString());
}
