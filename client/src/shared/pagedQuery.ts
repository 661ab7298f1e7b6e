/** Spec §9: a search box waits this long after the last keystroke before it queries. */
export const SEARCH_DEBOUNCE_MS = 500;

export type SortDir = 'asc' | 'desc';

/** The server-side paging, sorting and search of a table (`…/paged` endpoints), plus any table-specific filters. */
export interface PagedQuery {
  filter: string;
  sortDir: SortDir;
  currentPage: number;
  pageSize: number;
}

export type QueryParamValue = string | number | boolean;

/** A settled search starts again at page 1; an unchanged one keeps the page. */
export function withFilter<Q extends PagedQuery>(query: Q, filter: string): Q {
  const next = filter.trim();
  return next === query.filter ? query : { ...query, filter: next, currentPage: 1 };
}

export const withToggledSort = <Q extends PagedQuery>(query: Q): Q => ({
  ...query,
  sortDir: query.sortDir === 'asc' ? 'desc' : 'asc',
  currentPage: 1,
});

export const withPage = <Q extends PagedQuery>(query: Q, currentPage: number): Q =>
  currentPage === query.currentPage ? query : { ...query, currentPage: Math.max(1, Math.floor(currentPage)) };

/** Changing a table filter (e.g. hideInactive) starts again at page 1. */
export const withOptions = <Q extends PagedQuery>(query: Q, patch: Partial<Omit<Q, keyof PagedQuery>>): Q => ({
  ...query,
  ...patch,
  currentPage: 1,
});

/** `base?filter=…&sortDir=…&currentPage=…&pageSize=…&<extra…>` in a stable order. */
export function pagedUrl(base: string, query: PagedQuery & Record<string, QueryParamValue>): string {
  const { filter, sortDir, currentPage, pageSize, ...extra } = query;
  const params = new URLSearchParams({ filter, sortDir, currentPage: String(currentPage), pageSize: String(pageSize) });
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return `${base}?${params.toString()}`;
}

export const pageCount = (totalRecords: number, pageSize: number) => Math.max(1, Math.ceil(totalRecords / pageSize));

/** "Showing 51–100 of 123". */
export function pageRangeLabel(currentPage: number, pageSize: number, totalRecords: number): string {
  if (totalRecords <= 0) return 'Showing 0 of 0';
  const from = (currentPage - 1) * pageSize + 1;
  const to = Math.min(currentPage * pageSize, totalRecords);
  return `Showing ${from}–${to} of ${totalRecords}`;
}

/** How many rows a push added since the table was fetched: never negative (rows may go too). */
export const newRowsCount = (shown: number | undefined, latest: number | undefined) =>
  shown === undefined || latest === undefined ? 0 : Math.max(0, latest - shown);
