import { z } from 'zod';
import type { ServiceHttp } from './http';
import { maybeModel, optionalId, optionalNumber, personItem, type Person } from './models/common';
import { portfolioOf, portfolioWire, readPeople, type Portfolio } from './models/portfolio';
import { readList } from './reader';
import { readPortfolios } from './portfolios';
import type { ShareAllOutcome } from '../../preload/contract/models/portfolios';
export type { ShareAllOutcome } from '../../preload/contract/models/portfolios';

/** Sharing portfolios with people. The interface has no way to stop sharing. */

export interface PortfolioSharingApi {
  listSharedWithMe(): Promise<Portfolio[]>;
  /** For one's own id everything shared with one; otherwise one's own portfolios that person can read. */
  listSharedWithUser(userId: number): Promise<Portfolio[]>;
  /** Shares all of the person's own portfolios with someone. */
  shareAllWithUser(userId: number): Promise<ShareAllOutcome>;
  listSharedUsers(portfolioId: number): Promise<Person[]>;
  /** Only the portfolio's creator may share it (FORBIDDEN otherwise); answers the portfolio. */
  sharePortfolio(portfolioId: number, userId: number): Promise<Portfolio | undefined>;
  listUsersAvailableForSharing(portfolioId: number): Promise<Person[]>;
  listPortfoliosAvailableForUser(userId: number): Promise<Portfolio[]>;
}

export const readPeopleList = (raw: unknown, what = 'people'): Person[] => readPeople(readList(personItem, raw, what));

const shareAllWire = z.object({
  userId: optionalId,
  portfolioIds: z.array(z.number().int()).nullable().optional(),
  sharedCount: optionalNumber,
  count: optionalNumber,
});

export function readShareAllOutcome(raw: unknown, userId: number): ShareAllOutcome {
  const wire = maybeModel(shareAllWire, raw, 'sharing');
  const portfolioIds = wire?.portfolioIds ?? [];
  return {
    userId: wire?.userId ?? userId,
    portfolioIds,
    sharedCount: wire?.sharedCount ?? wire?.count ?? portfolioIds.length,
  };
}

export function createPortfolioSharingApi(http: ServiceHttp): PortfolioSharingApi {
  const id = encodeURIComponent;
  return {
    async listSharedWithMe() {
      return readPortfolios(await http.get('/api/portfolio/shared/users/me', { what: 'portfolios' }));
    },
    async listSharedWithUser(userId) {
      return readPortfolios(await http.get(`/api/portfolio/shared/users/${id(userId)}`, { what: 'portfolios' }));
    },
    async shareAllWithUser(userId) {
      const raw = await http.put(`/api/portfolio/shared/users/${id(userId)}`, undefined, { what: 'sharing' });
      return readShareAllOutcome(raw, userId);
    },
    async listSharedUsers(portfolioId) {
      return readPeopleList(await http.get(`/api/portfolio/${id(portfolioId)}/shared/users`, { what: 'people' }));
    },
    async sharePortfolio(portfolioId, userId) {
      const raw = await http.put(`/api/portfolio/${id(portfolioId)}/shared/users/${id(userId)}`, undefined, {
        what: 'portfolio',
      });
      // The interface answers "object"; the portfolio when it is one.
      const wire = maybeModel(portfolioWire, raw, 'portfolio');
      return wire ? portfolioOf(wire) : undefined;
    },
    async listUsersAvailableForSharing(portfolioId) {
      const raw = await http.get(`/api/portfolio/${id(portfolioId)}/shared/users/available`, { what: 'people' });
      return readPeopleList(raw);
    },
    async listPortfoliosAvailableForUser(userId) {
      const raw = await http.get(`/api/portfolio/available/shared/user/${id(userId)}`, { what: 'portfolios' });
      return readPortfolios(raw);
    },
  };
}
