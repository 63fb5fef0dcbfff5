import type { PortfoliosInvoke } from '../../../preload/contract';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

/** Portfolios: the lists and search, one portfolio, creating, changing and deleting it, its videos, files, documents and tag sets, and sharing. */
export function createPortfoliosHandlers(services: BrowseServices): AreaHandlers<PortfoliosInvoke> {
  void services;
  return {};
}
