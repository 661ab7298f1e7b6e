import type { SetSlice } from '../../app/slices';
import type { SessionPayload } from '../../../../src/shared/session';

export interface SessionSlice {
  /** Who is signed in, their claims and company; null before the first load and after sign-out. */
  session: SessionPayload | null;
  setSession: (session: SessionPayload) => void;
  clearSession: () => void;
}

export const createSessionSlice = (set: SetSlice<SessionSlice>): SessionSlice => ({
  session: null,
  setSession: (session) => set({ session }),
  clearSession: () => set({ session: null }),
});
