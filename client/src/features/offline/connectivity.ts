import { onlineManager } from '@tanstack/react-query';
import { create } from 'zustand';
import type { OutboxEntry } from './outbox';

/** What the offline status shows: whether the network is there, how old the local copy is, what waits to be sent. */
export interface Connectivity {
  online: boolean;
  /** When the server last answered a read kept in the local copy (epoch ms); null before any. */
  lastUpdated: number | null;
  /** The signed-in person's actions waiting to sync, oldest first. */
  waiting: OutboxEntry[];
  syncing: boolean;
}

export const useConnectivity = create<Connectivity>(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  lastUpdated: null,
  waiting: [],
  syncing: false,
}));

/** Follows the browser's online and offline events (a context cut by the browser fires them too). */
export function followConnectivity(): () => void {
  const update = () => useConnectivity.setState({ online: navigator.onLine });
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
  // The query cache assumes a network at start: opened offline, its reads wait for one (the local copy shows
  // meanwhile) instead of failing.
  onlineManager.setOnline(navigator.onLine);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}
