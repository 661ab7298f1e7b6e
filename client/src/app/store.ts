import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createSessionSlice, type SessionSlice } from '../features/session/sessionSlice';
import { createUiSlice, mergePersistedUi, persistedUi, type UiSlice } from '../features/shell/uiSlice';

/** Client state: the session and UI preferences. Server data lives in the query cache, not here. */
export type AppState = SessionSlice & UiSlice;

export const useAppStore = create<AppState>()(
  persist<AppState, [], [], Pick<UiSlice, 'navGroupsOpen'>>(
    (set) => ({
      ...createSessionSlice(set),
      ...createUiSlice(set),
    }),
    {
      name: 'crewclock.ui',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: persistedUi,
      merge: mergePersistedUi,
    },
  ),
);
