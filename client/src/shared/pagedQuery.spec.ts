import { describe, expect, it } from 'vitest';
import { pageCount, pagedUrl, pageRangeLabel, withFilter, withOptions, withPage, withToggledSort } from './pagedQuery';

const base = { filter: '', sortDir: 'asc' as const, currentPage: 3, pageSize: 50, hideInactive: false };

describe('paged query parameters', () => {
  it('serialises every parameter the paged endpoints read, in a stable order', () => {
    expect(pagedUrl('/api/users/paged', { ...base, filter: 'ann lee', currentPage: 1 })).toBe(
      '/api/users/paged?filter=ann+lee&sortDir=asc&currentPage=1&pageSize=50&hideInactive=false',
    );
  });

  it('starts at page 1 when the settled search changes', () => {
    expect(withFilter(base, ' ann ')).toMatchObject({ filter: 'ann', currentPage: 1 });
  });

  it('keeps the page (and the same object) when the search did not really change', () => {
    const query = { ...base, filter: 'ann' };
    expect(withFilter(query, 'ann ')).toBe(query);
  });

  it('toggles the sort direction and starts at page 1', () => {
    expect(withToggledSort(base)).toMatchObject({ sortDir: 'desc', currentPage: 1 });
    expect(withToggledSort(withToggledSort(base)).sortDir).toBe('asc');
  });

  it('starts at page 1 when a table option changes', () => {
    expect(withOptions(base, { hideInactive: true })).toMatchObject({ hideInactive: true, currentPage: 1 });
  });

  it('moves to a page, never below 1', () => {
    expect(withPage(base, 4).currentPage).toBe(4);
    expect(withPage(base, 0).currentPage).toBe(1);
  });

  it('counts pages and describes the visible range', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
    expect(pageRangeLabel(1, 50, 123)).toBe('Showing 1–50 of 123');
    expect(pageRangeLabel(3, 50, 123)).toBe('Showing 101–123 of 123');
  });
});
