import type { ServiceHttp } from '../../api/http';
import { createPortfoliosApi } from '../../api/portfolios';
import type { PortfolioCommentsContext } from '../../../preload/contract/portfolio-comments';
import { AppError } from '../app-error';

/**
 * What the comments screen needs besides the comments: the portfolio's title and whether the reader
 * created it (then they may delete anyone's comment, not only their own). Reading the portfolio also
 * answers FORBIDDEN / NOT_FOUND before any comment is asked for.
 */
export async function readCommentsContext(
  http: ServiceHttp,
  viewerId: number | undefined,
  portfolioId: number,
): Promise<PortfolioCommentsContext> {
  if (viewerId === undefined) throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
  const portfolio = await createPortfoliosApi(http).getPortfolio(portfolioId);
  const creatorId = portfolio.createdById ?? portfolio.createdBy?.id;
  return {
    portfolioId: portfolio.id,
    portfolioTitle: portfolio.title,
    viewerId,
    viewerIsCreator: creatorId === viewerId,
  };
}
