import { z } from 'zod';
import type { PortfolioCommentsInvoke } from '../../../preload/contract';
import { createPortfolioCommentsApi } from '../../api/portfolio-comments';
import { readCommentsContext } from '../../services/portfolio-comments/context';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** The service gives at most 100 a page; pages start at 1. */
const page = z.strictObject({
  pageNumber: z.number().int().min(1).max(100_000),
  pageSize: z.number().int().min(1).max(100),
});
/** The service keeps up to 4,000 characters; blank comments are refused here, not sent. */
const message = z.string().trim().min(1).max(4000);
const newComment = z.strictObject({ message, parentCommentId: id.optional() });

/** The comment threads of a portfolio. */
export function createPortfolioCommentsHandlers(services: BrowseServices): AreaHandlers<PortfolioCommentsInvoke> {
  const api = () => createPortfolioCommentsApi(services.session.http());
  return {
    'portfolio-comments:context': {
      args: z.tuple([id]),
      run: (portfolioId) =>
        readCommentsContext(services.session.http(), services.session.state().user?.id, portfolioId),
    },
    'portfolio-comments:list': {
      args: z.tuple([id, page]),
      run: (portfolioId, { pageNumber, pageSize }) => api().listComments(portfolioId, { pageNumber, pageSize }),
    },
    'portfolio-comments:replies': {
      args: z.tuple([id, id, page]),
      run: (portfolioId, parentCommentId, { pageNumber, pageSize }) =>
        api().listComments(portfolioId, { parentCommentId, pageNumber, pageSize }),
    },
    'portfolio-comments:add': {
      args: z.tuple([id, newComment]),
      run: (portfolioId, comment) =>
        api().addComment(portfolioId, {
          message: comment.message,
          ...(comment.parentCommentId !== undefined ? { parentCommentId: comment.parentCommentId } : {}),
        }),
    },
    'portfolio-comments:delete': {
      args: z.tuple([id, id]),
      run: async (portfolioId, commentId) => {
        await api().deleteComment(portfolioId, commentId);
        return null;
      },
    },
  };
}
