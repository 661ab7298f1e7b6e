import { useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '../../../src/shared/client-events';

type ServerEvent = keyof ServerToClientEvents;

type Listener = () => void;
const listeners = new Map<ServerEvent, Set<Listener>>();

/** Tells the screens listening for it that a push notice came (useRealtimeSync calls it after invalidating). */
export function emitServerEvent(event: ServerEvent): void {
  for (const listener of listeners.get(event) ?? []) listener();
}

/** Subscribes to one server event, for screens that do more than refetch (e.g. the reports' new-rows check). */
export function onServerEvent(event: ServerEvent, listener: Listener): () => void {
  const set = listeners.get(event) ?? new Set<Listener>();
  listeners.set(event, set);
  set.add(listener);
  return () => void set.delete(listener);
}

/** While mounted, calls the latest `listener` on each `event` (null: listens to nothing). */
export function useServerEvent(event: ServerEvent | null, listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => (event ? onServerEvent(event, () => latest.current()) : undefined), [event]);
}
