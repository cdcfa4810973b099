export interface PageQuery {
  page: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export const pageOffset = (query: PageQuery): number => (query.page - 1) * query.limit;
