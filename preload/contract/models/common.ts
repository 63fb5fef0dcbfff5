/** Shapes shared by the browse areas: people, labels, pages of a list. */

/** Someone shown beside a thing: an author, a creator, a person a portfolio is shared with. */
export interface Person {
  id: number;
  firstName: string;
  lastName: string;
  pictureUrl?: string;
}

export interface Label {
  id: number;
  name: string;
}

export interface Paged<T> {
  items: T[];
  totalCount?: number;
  pageNumber?: number;
  pageSize?: number;
  pageCount?: number;
  hasNextPage?: boolean;
}
