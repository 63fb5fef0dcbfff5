import type { RouteLocationNormalized } from 'vue-router';

/** The portfolio a route names (`:portfolioId`), when it is a valid id. */
export function portfolioIdOf(to: Pick<RouteLocationNormalized, 'params'>): number | undefined {
  const id = Number(to.params.portfolioId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
