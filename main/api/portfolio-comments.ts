import { z } from 'zod';
import { AppError } from '../services/app-error';
import type { ServiceHttp } from './http';
import {
  createdAtOf,
  firstOf,
  maybeModel,
  optionalId,
  optionalNumber,
  optionalText,
  personOf,
  personWire,
  splitName,
  some,
  stampWire,
  type Person,
} from './models/common';
import { readId, readModel, readPaged, type Paged } from './reader';
import type { PortfolioComment, CommentPageQuery } from '../../preload/contract/models/portfolios';
export type { PortfolioComment, CommentPageQuery } from '../../preload/contract/models/portfolios';

/** Discussion on a portfolio: top-level comments and their replies. */

export interface PortfolioCommentsApi {
  /** Comments with their authors' pictures (`/api/portfolios/v2/{id}/comments`). */
  listComments(portfolioId: number, query?: CommentPageQuery): Promise<Paged<PortfolioComment>>;
  /** The same list without pictures (`/api/portfolios/{id}/comments`). */
  listCommentsWithoutPictures(portfolioId: number, query?: CommentPageQuery): Promise<Paged<PortfolioComment>>;
  /** A comment, or with `parentCommentId` a reply; answers the comment as stored. */
  addComment(portfolioId: number, comment: { message: string; parentCommentId?: number }): Promise<PortfolioComment>;
  /** Its author or the portfolio's creator; replies go with it. */
  deleteComment(portfolioId: number, commentId: number): Promise<void>;
}

const commentWire = z
  .object({
    id: optionalId,
    commentId: optionalId,
    portfolioId: optionalId,
    message: optionalText,
    text: optionalText,
    comment: optionalText,
    parentCommentId: optionalId,
    parentId: optionalId,
    author: personWire.nullable().optional(),
    user: personWire.nullable().optional(),
    createdBy: personWire.nullable().optional(),
    authorId: optionalId,
    userId: optionalId,
    authorName: optionalText,
    authorFirstName: optionalText,
    authorLastName: optionalText,
    authorPictureUrl: optionalText,
    authorImageUrl: optionalText,
    replyCount: optionalNumber,
    repliesCount: optionalNumber,
    ...stampWire,
  })
  .refine((wire) => firstOf(wire.id, wire.commentId) !== undefined, { message: 'a comment needs an id' });

function authorOf(wire: z.output<typeof commentWire>): Person {
  const nested = personOf(firstOf(wire.author, wire.user, wire.createdBy));
  if (nested) return nested;
  const split = splitName(wire.authorName ?? undefined);
  return {
    id: firstOf(wire.authorId, wire.userId) ?? 0,
    firstName: firstOf(wire.authorFirstName) ?? split.firstName,
    lastName: firstOf(wire.authorLastName) ?? split.lastName,
    ...some('pictureUrl', firstOf(wire.authorPictureUrl, wire.authorImageUrl)),
  };
}

function commentOf(wire: z.output<typeof commentWire>): PortfolioComment {
  return {
    id: firstOf(wire.id, wire.commentId)!,
    ...some('portfolioId', wire.portfolioId),
    message: firstOf(wire.message, wire.text, wire.comment) ?? '',
    ...some('parentCommentId', firstOf(wire.parentCommentId, wire.parentId)),
    author: authorOf(wire),
    createdAt: createdAtOf(wire) ?? '',
    ...some('replyCount', firstOf(wire.replyCount, wire.repliesCount)),
  };
}

export const readPortfolioComment = (raw: unknown): PortfolioComment =>
  commentOf(readModel(commentWire, raw, 'comment'));

export function readPortfolioCommentPage(raw: unknown): Paged<PortfolioComment> {
  const page = readPaged(commentWire, raw, 'comments');
  return { ...page, items: page.items.map(commentOf) };
}

export function createPortfolioCommentsApi(http: ServiceHttp): PortfolioCommentsApi {
  const id = encodeURIComponent;
  const listComments: PortfolioCommentsApi['listComments'] = async (portfolioId, query = {}) => {
    const raw = await http.get(`/api/portfolios/v2/${id(portfolioId)}/comments`, {
      params: { ...query },
      what: 'comments',
    });
    return readPortfolioCommentPage(raw);
  };
  return {
    listComments,
    async listCommentsWithoutPictures(portfolioId, query = {}) {
      const raw = await http.get(`/api/portfolios/${id(portfolioId)}/comments`, {
        params: { ...query },
        what: 'comments',
      });
      return readPortfolioCommentPage(raw);
    },
    async addComment(portfolioId, comment) {
      const body = {
        Message: comment.message,
        ...(comment.parentCommentId !== undefined ? { ParentCommentId: comment.parentCommentId } : {}),
      };
      const raw = await http.post(`/api/portfolios/${id(portfolioId)}/comments`, body, { what: 'comment' });
      const answered = maybeModel(commentWire, raw, 'comment');
      if (answered) return commentOf(answered);
      // The interface answers "object": when it is only the new id, find the comment in its thread.
      const newId = readId(raw, 'comment');
      const thread = await listComments(portfolioId, {
        ...(comment.parentCommentId !== undefined ? { parentCommentId: comment.parentCommentId } : {}),
        pageSize: 100,
      });
      const found = thread.items.find((item) => item.id === newId);
      if (!found) throw new AppError('BAD_RESPONSE', 'The comment was saved, but the app could not read it back.');
      return found;
    },
    async deleteComment(portfolioId, commentId) {
      await http.del(`/api/portfolios/${id(portfolioId)}/comments/${id(commentId)}`, { what: 'comment' });
    },
  };
}
