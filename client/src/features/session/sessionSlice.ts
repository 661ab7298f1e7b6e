import type { SetSlice } from '../../app/slices';
import type { SessionData } from './session';

export interface SessionSlice {
  /** Who is signed in, their claims and company; null before the first load and after sign-out. */
  session: SessionData | null;
  setSession: (session: SessionData) => void;
  clearSession: () => void;
}

export const createSessionSlice = (set: SetSlice<SessionSlice>): SessionSlice => ({
  session: null,
  setSession: (session) => set({ session }),
  clearSession: () => set({ session: null }),
});
