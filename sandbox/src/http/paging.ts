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
 * The StaticPagedList shape (X.PagedList's metadata, items under `Items`). The `bare-lists` wire
 * variant writes it as a bare array, as Json.NET writes an IEnumerable (see `wire.ts`).
 */
export function pagedList<T>(items: T[], page: PageRequest, totalItemCount: number): unknown {
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
export function pageOf<T>(all: T[], page: PageRequest): unknown {
  const start = (page.pageNumber - 1) * page.pageSize;
  return pagedList(all.slice(start, start + page.pageSize), page, all.length);
}
