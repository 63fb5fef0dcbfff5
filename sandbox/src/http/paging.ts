import type { SandboxConfig } from '../context.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

/** Clamps paging input: pages start at 1; page size defaults to 20 and is capped at 100. */
export function pageRequest(pageNumber?: number, pageSize?: number): PageRequest {
  return {
    pageNumber: Math.max(1, pageNumber ?? 1),
    pageSize: Math.min(MAX_PAGE_SIZE, Math.max(1, pageSize ?? DEFAULT_PAGE_SIZE)),
  };
}

/**
 * The StaticPagedList shape (X.PagedList's metadata, items under `Items`). With the
 * `array` setting the list is written bare, as Json.NET writes an IEnumerable, so clients
 * can be tested against both.
 */
export function pagedList<T>(
  config: Pick<SandboxConfig, 'pagedShape'>,
  items: T[],
  page: PageRequest,
  totalItemCount: number,
): unknown {
  if (config.pagedShape === 'array') return items;
  const pageCount = Math.ceil(totalItemCount / page.pageSize);
  return {
    Items: items,
    PageNumber: page.pageNumber,
    PageSize: page.pageSize,
    TotalItemCount: totalItemCount,
    PageCount: pageCount,
    HasPreviousPage: page.pageNumber > 1,
    HasNextPage: page.pageNumber < pageCount,
    IsFirstPage: page.pageNumber === 1,
    IsLastPage: page.pageNumber >= pageCount,
  };
}

/** Pages an in-memory list (fine for sandbox sizes once SQL has filtered). */
export function pageOf<T>(config: Pick<SandboxConfig, 'pagedShape'>, all: T[], page: PageRequest): unknown {
  const start = (page.pageNumber - 1) * page.pageSize;
  return pagedList(config, all.slice(start, start + page.pageSize), page, all.length);
}
