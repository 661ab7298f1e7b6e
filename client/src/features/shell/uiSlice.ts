import type { SetSlice } from '../../app/slices';

export type NavGroupId = 'profile' | 'reports' | 'admin';

export interface UiSlice {
  /** Which side-navigation groups are expanded; saved in localStorage. */
  navGroupsOpen: Record<NavGroupId, boolean>;
  setNavGroupOpen: (group: NavGroupId, open: boolean) => void;
  /** The navigation drawer on phones (below 600 px). Not saved. */
  mobileNavOpen: boolean;
  toggleMobileNav: () => void;
  closeMobileNav: () => void;
}

export const DEFAULT_NAV_GROUPS_OPEN: Record<NavGroupId, boolean> = { profile: false, reports: true, admin: true };

export const createUiSlice = (set: SetSlice<UiSlice>): UiSlice => ({
  navGroupsOpen: DEFAULT_NAV_GROUPS_OPEN,
  setNavGroupOpen: (group, open) => set((s) => ({ navGroupsOpen: { ...s.navGroupsOpen, [group]: open } })),
  mobileNavOpen: false,
  toggleMobileNav: () => set((s) => ({ mobileNavOpen: !s.mobileNavOpen })),
  closeMobileNav: () => set({ mobileNavOpen: false }),
});

/** The part of the UI state that survives a reload. Unknown or malformed saved values fall back to defaults. */
export function persistedUi(state: UiSlice): Pick<UiSlice, 'navGroupsOpen'> {
  return { navGroupsOpen: state.navGroupsOpen };
}

export function mergePersistedUi<S extends UiSlice>(persisted: unknown, current: S): S {
  const saved = (persisted as Partial<UiSlice> | null)?.navGroupsOpen;
  if (!saved || typeof saved !== 'object') return current;
  const navGroupsOpen = { ...current.navGroupsOpen };
  for (const group of Object.keys(navGroupsOpen) as NavGroupId[]) {
    if (typeof saved[group] === 'boolean') navGroupsOpen[group] = saved[group];
  }
  return { ...current, navGroupsOpen };
}
