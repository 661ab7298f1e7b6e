import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  SEARCH_DEBOUNCE_MS,
  withFilter,
  withOptions,
  withPage,
  withToggledSort,
  type PagedQuery,
  type QueryParamValue,
} from './pagedQuery';

type Query = PagedQuery & Record<string, QueryParamValue>;

export interface PagedQueryState<Q extends Query> {
  /** What is in the search box, as typed. */
  search: string;
  /** What the table asks the server for; the search reaches it once typing has paused. */
  query: Q;
  setSearch: (text: string) => void;
  toggleSort: () => void;
  setPage: (page: number) => void;
  setOptions: (patch: Partial<Omit<Q, keyof PagedQuery>>) => void;
  /** Cancels a pending search (the table is leaving the screen). */
  dispose: () => void;
}

/** One table's query state: typed search debounced into `filter`, sort, page and table options. */
export function createPagedQueryStore<Q extends Query>(
  initial: Q,
  debounceMs = SEARCH_DEBOUNCE_MS,
): StoreApi<PagedQueryState<Q>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return createStore<PagedQueryState<Q>>()((set) => ({
    search: initial.filter,
    query: initial,
    setSearch: (text) => {
      set({ search: text });
      clearTimeout(timer);
      timer = setTimeout(() => set((s) => ({ query: withFilter(s.query, text) })), debounceMs);
    },
    toggleSort: () => set((s) => ({ query: withToggledSort(s.query) })),
    setPage: (page) => set((s) => ({ query: withPage(s.query, page) })),
    setOptions: (patch) => set((s) => ({ query: withOptions(s.query, patch) })),
    dispose: () => clearTimeout(timer),
  }));
}
