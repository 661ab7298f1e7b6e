import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createUiSlice, DEFAULT_NAV_GROUPS_OPEN, mergePersistedUi, persistedUi, type UiSlice } from './uiSlice';

const newStore = () => createStore<UiSlice>()((set) => createUiSlice(set));

describe('ui slice', () => {
  it('opens and closes one navigation group without touching the others', () => {
    const store = newStore();
    store.getState().setNavGroupOpen('admin', false);
    expect(store.getState().navGroupsOpen).toEqual({ ...DEFAULT_NAV_GROUPS_OPEN, admin: false });
  });

  it('saves only the group states, not the mobile drawer', () => {
    const store = newStore();
    store.getState().toggleMobileNav();
    expect(store.getState().mobileNavOpen).toBe(true);
    expect(persistedUi(store.getState())).toEqual({ navGroupsOpen: DEFAULT_NAV_GROUPS_OPEN });
    store.getState().closeMobileNav();
    expect(store.getState().mobileNavOpen).toBe(false);
  });

  it('restores saved group states and ignores malformed ones', () => {
    const current = newStore().getState();
    expect(
      mergePersistedUi({ navGroupsOpen: { reports: false, admin: 'yes', bogus: true } }, current).navGroupsOpen,
    ).toEqual({
      ...DEFAULT_NAV_GROUPS_OPEN,
      reports: false,
    });
    expect(mergePersistedUi(null, current)).toBe(current);
  });
});
