import { create } from 'zustand';

/**
 * How far the server's clock is ahead of this device's (ms), measured with the running timer: every
 * device counts the elapsed time from the server's start instant on the server's clock, so a phone
 * and a laptop agree to the second whatever their own clocks say.
 */
export const useServerClock = create<{ offsetMs: number; setOffset: (offsetMs: number) => void }>()((set) => ({
  offsetMs: 0,
  setOffset: (offsetMs) => set({ offsetMs }),
}));

/** The offset from one exchange: the server's time against the middle of the request's round trip. */
export function clockOffset(serverTimeMs: number, sentAtMs: number, receivedAtMs: number): number {
  return serverTimeMs - (sentAtMs + receivedAtMs) / 2;
}

export const serverNow = () => Date.now() + useServerClock.getState().offsetMs;
