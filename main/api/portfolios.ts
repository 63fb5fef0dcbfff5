import type { ServiceHttp } from './http';
import { maybeModel } from './models/common';
import { portfolioOf, portfolioWire, type Portfolio } from './models/portfolio';
import { readList, readModel, readPaged, type Paged } from './reader';
import type {
  PortfolioListQuery,
  PortfolioSearchQuery,
  PortfolioChanges,
} from '../../preload/contract/models/portfolios';
export type {
  PortfolioListQuery,
  PortfolioSearchType,
  PortfolioSearchQuery,
  PortfolioChanges,
} from '../../preload/contract/models/portfolios';

/** Portfolios: the lists, search, and creating, changing and deleting one. */

export type { Portfolio } from './models/portfolio';
export type { Person } from './models/common';

export interface PortfoliosApi {
  /** The person's own portfolios (`/api/portfolios`). */
  listPortfolios(): Promise<Portfolio[]>;
  /** Own, shared with the person, or both (`/api/portfolios/v2`). */
  listPortfoliosV2(query?: PortfolioListQuery): Promise<Portfolio[]>;
  searchPortfolios(query?: PortfolioSearchQuery): Promise<Paged<Portfolio>>;
  getPortfolio(id: number): Promise<Portfolio>;
  createPortfolio(portfolio: { title: string; description?: string }): Promise<Portfolio>;
  /** Sends only what is given; the rest stays as it is. */
  updatePortfolio(id: number, changes: PortfolioChanges): Promise<Portfolio>;
  deletePortfolio(id: number): Promise<void>;
}

export const readPortfolio = (raw: unknown): Portfolio => portfolioOf(readModel(portfolioWire, raw, 'portfolio'));
export const readPortfolios = (raw: unknown): Portfolio[] =>
  readList(portfolioWire, raw, 'portfolios').map(portfolioOf);

export function readPortfolioPage(raw: unknown): Paged<Portfolio> {
  const page = readPaged(portfolioWire, raw, 'portfolios');
  return { ...page, items: page.items.map(portfolioOf) };
}

function portfolioBody(changes: PortfolioChanges): Record<string, string> {
  return {
    ...(changes.title !== undefined ? { Title: changes.title } : {}),
    ...(changes.description !== undefined ? { Description: changes.description } : {}),
  };
}

export function createPortfoliosApi(http: ServiceHttp): PortfoliosApi {
  const path = (id: number) => `/api/portfolios/${encodeURIComponent(id)}`;
  const getPortfolio = async (id: number) => readPortfolio(await http.get(path(id), { what: 'portfolio' }));

  /** POST and PUT answer "object": the portfolio when it is one, otherwise it is read again. */
  async function afterWrite(raw: unknown, fallbackId?: number): Promise<Portfolio> {
    const wire = maybeModel(portfolioWire, raw, 'portfolio');
    if (wire) return portfolioOf(wire);
    if (fallbackId !== undefined) return getPortfolio(fallbackId);
    return readPortfolio(raw);
  }

  return {
    async listPortfolios() {
      return readPortfolios(await http.get('/api/portfolios', { what: 'portfolios' }));
    },
    async listPortfoliosV2(query = {}) {
      return readPortfolios(await http.get('/api/portfolios/v2', { params: { ...query }, what: 'portfolios' }));
    },
    async searchPortfolios(query = {}) {
      const raw = await http.get('/api/portfolios/v2/search', { params: { ...query }, what: 'portfolios' });
      return readPortfolioPage(raw);
    },
    getPortfolio,
    async createPortfolio(portfolio) {
      const body = portfolioBody({ title: portfolio.title, description: portfolio.description ?? '' });
      const raw = await http.post('/api/portfolios', body, { what: 'portfolio' });
      // A bare id is also a plausible answer to a create.
      const id = typeof raw === 'number' ? raw : undefined;
      return afterWrite(raw, id);
    },
    async updatePortfolio(id, changes) {
      return afterWrite(await http.put(path(id), portfolioBody(changes), { what: 'portfolio' }), id);
    },
    async deletePortfolio(id) {
      await http.del(path(id), { what: 'portfolio' });
    },
  };
}
