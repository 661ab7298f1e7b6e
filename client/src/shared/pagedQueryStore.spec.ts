import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from './pagedQuery';
import { createPagedQueryStore } from './pagedQueryStore';

const initial = { filter: '', sortDir: 'asc' as const, currentPage: 1, pageSize: 50, hideInactive: false };

describe('paged query store (debounced search)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 500 ms after the last keystroke before the query changes', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    const store = createPagedQueryStore(initial);
    store.getState().setSearch('a');
    vi.advanceTimersByTime(300);
    store.getState().setSearch('an');
    vi.advanceTimersByTime(499);
    expect(store.getState().search).toBe('an');
    expect(store.getState().query.filter).toBe('');
    vi.advanceTimersByTime(1);
    expect(store.getState().query.filter).toBe('an');
  });

  it('sends one query for a burst of typing, back on page 1', () => {
    const store = createPagedQueryStore({ ...initial, currentPage: 4 });
    const seen: string[] = [];
    store.subscribe((s, prev) => s.query !== prev.query && seen.push(s.query.filter));
    for (const text of ['j', 'ja', 'jan', 'jane']) {
      store.getState().setSearch(text);
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(seen).toEqual(['jane']);
    expect(store.getState().query.currentPage).toBe(1);
  });

  it('drops a pending search when disposed', () => {
    const store = createPagedQueryStore(initial);
    store.getState().setSearch('x');
    store.getState().dispose();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(store.getState().query.filter).toBe('');
  });

  it('applies sort, page and options at once', () => {
    const store = createPagedQueryStore(initial);
    store.getState().setPage(3);
    expect(store.getState().query.currentPage).toBe(3);
    store.getState().toggleSort();
    expect(store.getState().query).toMatchObject({ sortDir: 'desc', currentPage: 1 });
    store.getState().setPage(2);
    store.getState().setOptions({ hideInactive: true });
    expect(store.getState().query).toMatchObject({ hideInactive: true, currentPage: 1 });
  });
});
