import { inject, provide, type ComputedRef, type InjectionKey } from 'vue';
import type { RouteLocationNormalized } from 'vue-router';
import type { Portfolio } from '../../../../preload/contract';

/**
 * What a portfolio page gives its tabs (videos, files, ..., and the comments tab of
 * views/portfolios/comments): the portfolio as loaded, whether the signed-in person created it,
 * and a way to read it again after a change that alters its header (counts, sharing).
 *
 * In a tab: `const { portfolioId, portfolio, isCreator, reload } = usePortfolioContext();`
 * The same detail is mirrored in `usePortfoliosStore().current` for code outside the page's tree.
 */
export interface PortfolioContext {
  /** From the route: known at once, before the portfolio is loaded. */
  portfolioId: ComputedRef<number>;
  /** Undefined while the first read runs (or when it failed). */
  portfolio: ComputedRef<Portfolio | undefined>;
  isCreator: ComputedRef<boolean>;
  reload: () => Promise<void>;
}

export const portfolioContextKey: InjectionKey<PortfolioContext> = Symbol('portfolio-context');

export function providePortfolioContext(context: PortfolioContext): void {
  provide(portfolioContextKey, context);
}

export function usePortfolioContext(): PortfolioContext {
  const context = inject(portfolioContextKey);
  if (!context) throw new Error('usePortfolioContext() is for tabs inside the portfolio page.');
  return context;
}

/** The portfolio a route names (`:portfolioId`), when it is a valid id (the page, its tabs and its route data). */
export function portfolioIdOf(route: Pick<RouteLocationNormalized, 'params'>): number | undefined {
  const id = Number(route.params.portfolioId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
