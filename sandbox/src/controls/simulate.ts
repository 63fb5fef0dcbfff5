import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { looseInt, looseString, parseBody } from '../http/body.js';
import { badRequest } from '../http/errors.js';
import { findUserByEmail } from '../domain/people.js';
import { addMember, createPost } from '../domain/groups.js';
import { addPortfolioComment, sharePortfolio } from '../domain/portfolios.js';

const simulateBody = z.object({
  Action: z.enum(['comment', 'reply', 'share', 'post', 'add-member']),
  ActorEmail: looseString,
  PortfolioId: looseInt.optional(),
  CommunityId: looseInt.optional(),
  UserId: looseInt.optional(),
  Text: looseString.optional(),
  ParentCommentId: looseInt.nullable().optional(),
});

function need<T>(value: T | undefined | null, field: string): T {
  if (value === undefined || value === null) throw badRequest(field, `The ${field} field is required for this action.`);
  return value;
}

/**
 * Makes another user act, through the same domain functions the API uses, so the notifications,
 * emails and activity a client should see arise exactly as they would from that user's own request.
 */
export function registerSimulate(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/sandbox/simulate', async (req) => {
    const body = parseBody(req, simulateBody);
    const actor = findUserByEmail(ctx, body.ActorEmail);
    if (!actor) throw badRequest('ActorEmail', `No user has the email ${body.ActorEmail}.`);
    switch (body.Action) {
      case 'comment':
        return {
          Action: body.Action,
          Id: addPortfolioComment(
            ctx,
            actor.id,
            need(body.PortfolioId, 'PortfolioId'),
            body.Text ?? 'A simulated comment.',
            body.ParentCommentId ?? null,
          ),
        };
      case 'reply':
        return {
          Action: body.Action,
          Id: addPortfolioComment(
            ctx,
            actor.id,
            need(body.PortfolioId, 'PortfolioId'),
            body.Text ?? 'A simulated reply.',
            need(body.ParentCommentId, 'ParentCommentId'),
          ),
        };
      case 'share':
        sharePortfolio(ctx, actor.id, need(body.PortfolioId, 'PortfolioId'), need(body.UserId, 'UserId'));
        return { Action: body.Action, Id: body.PortfolioId };
      case 'post':
        return {
          Action: body.Action,
          Id: createPost(ctx, actor.id, need(body.CommunityId, 'CommunityId'), body.Text ?? 'A simulated post.'),
        };
      case 'add-member':
        addMember(ctx, actor.id, need(body.CommunityId, 'CommunityId'), need(body.UserId, 'UserId'), false);
        return { Action: body.Action, Id: body.UserId };
    }
  });
}
