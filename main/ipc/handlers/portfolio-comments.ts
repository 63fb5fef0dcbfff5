import type { PortfolioCommentsInvoke } from '../../../preload/contract';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

/** The comment threads of a portfolio. */
export function createPortfolioCommentsHandlers(services: BrowseServices): AreaHandlers<PortfolioCommentsInvoke> {
  void services;
  return {};
}
