import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * Server data lives here, keyed by the URL it came from (`[url]`). Push notices from the socket
 * invalidate by URL prefix, so the screen showing that data refetches it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false, // the socket tells us what changed; a reconnect refetches everything shown
      // Not a refusal (4xx), nor a 503: what is being prepared after an update is not ready seconds later.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.status === 503)) &&
        failureCount < 2,
    },
    mutations: { retry: false },
  },
});

/** True when a query's key is a URL under one of the prefixes (`/api/users` matches `/api/users/paged?…`). */
export function keyMatchesUrlPrefix(queryKey: readonly unknown[], prefixes: readonly string[]): boolean {
  const url = queryKey[0];
  if (typeof url !== 'string') return false;
  return prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));
}

let held = () => false;
/** The refetches asked for while held: URL prefixes, or everything. */
const heldPrefixes = new Set<string>();
let heldEverything = false;

/**
 * While `hold` says so (the offline outbox is being sent), the refetches that pushes and changes ask for wait, and
 * run once it is done (`releaseHeldRefetches`), rather than every screen refetching after each of its commands.
 */
export function holdRefetchesWhile(hold: () => boolean): void {
  held = hold;
}

/** The refetches held meanwhile, now; or everything, after the outbox changed what the server holds. */
export function releaseHeldRefetches(everything: boolean, client: QueryClient = queryClient): Promise<void> {
  const all = everything || heldEverything;
  const prefixes = [...heldPrefixes];
  heldEverything = false;
  heldPrefixes.clear();
  return all ? client.invalidateQueries() : invalidateUrls(prefixes, client);
}

/** Everything refetches (a reconnect: what changed meanwhile is unknown), or once the outbox is sent. */
export function invalidateEverything(client: QueryClient = queryClient): Promise<void> {
  if (held()) {
    heldEverything = true;
    return Promise.resolve();
  }
  return client.invalidateQueries();
}

/** A query filter's predicate: the reads under these URL prefixes. */
export const readsUnder =
  (prefixes: readonly string[]) =>
  (query: { queryKey: readonly unknown[] }): boolean =>
    keyMatchesUrlPrefix(query.queryKey, prefixes);

/** Marks the data under these URL prefixes stale; what is on screen refetches now. */
export function invalidateUrls(prefixes: readonly string[], client: QueryClient = queryClient): Promise<void> {
  if (prefixes.length === 0) return Promise.resolve();
  if (held()) {
    prefixes.forEach((prefix) => heldPrefixes.add(prefix));
    return Promise.resolve();
  }
  return client.invalidateQueries({ predicate: readsUnder(prefixes) });
}
