/**
 * The phone's own storage (IndexedDB): the local copy of what it last read, the outbox of what it did while offline,
 * and what the outbox has delivered. It survives closing the tab, a reload and a restart of the phone.
 */
export type StoreName = 'copy' | 'outbox' | 'sent';

/** What the offline code needs of a storage: a port, so its rules are tested without a browser. */
export interface LocalStore {
  all<T>(store: StoreName): Promise<T[]>;
  put(store: StoreName, value: unknown): Promise<void>;
  remove(store: StoreName, key: IDBValidKey): Promise<void>;
  clear(store: StoreName): Promise<void>;
  /**
   * An outbox entry delivered: taken off the outbox and what the server said kept, in one transaction. Not forced to
   * disk: lost in a crash, the entry is sent again and the server answers as the first time.
   */
  acknowledge(seq: IDBValidKey, sent: { commandId: string }): Promise<void>;
}

const DB_NAME = 'crewclock';
const VERSION = 1;

let opening: Promise<IDBDatabase> | null = null;

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('copy', { keyPath: 'url' });
      // The order actions were taken in is the order they are sent in.
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('sent', { keyPath: 'commandId' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB cannot be opened'));
    };
  });
  return opening;
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

async function run<T>(store: StoreName, mode: IDBTransactionMode, act: (s: IDBObjectStore) => IDBRequest<T>) {
  const db = await open();
  // An action taken is on disk before the screen shows it done (strict); the rest need not wait for the disk.
  const transaction = db.transaction(store, mode, { durability: store === 'outbox' ? 'strict' : 'relaxed' });
  const result = await done(act(transaction.objectStore(store)));
  await committed(transaction);
  return result;
}

export const indexedDbStore: LocalStore = {
  all: <T>(store: StoreName) => run(store, 'readonly', (s) => s.getAll() as IDBRequest<T[]>),
  put: async (store, value) => {
    const key = await run(store, 'readwrite', (s) => s.put(value));
    // The outbox numbers its entries: the caller keeps the number to remove the entry once delivered.
    if (store === 'outbox') (value as { seq?: IDBValidKey }).seq = key;
  },
  remove: async (store, key) => void (await run(store, 'readwrite', (s) => s.delete(key))),
  clear: async (store) => void (await run(store, 'readwrite', (s) => s.clear())),
  acknowledge: async (seq, sent) => {
    const db = await open();
    const transaction = db.transaction(['outbox', 'sent'], 'readwrite', { durability: 'relaxed' });
    transaction.objectStore('outbox').delete(seq);
    transaction.objectStore('sent').put(sent);
    await committed(transaction);
  },
};

/** For the rules' tests: the same port in memory, keyed like the IndexedDB stores. */
export function memoryStore(): LocalStore {
  const stores: Record<StoreName, Map<IDBValidKey, unknown>> = {
    copy: new Map(),
    outbox: new Map(),
    sent: new Map(),
  };
  let seq = 0;
  const keyOf = (store: StoreName, value: Record<string, unknown>) => {
    if (store === 'copy') return value.url as string;
    if (store === 'sent') return value.commandId as string;
    value.seq ??= ++seq;
    return value.seq as number;
  };
  return {
    all: async <T>(store: StoreName) =>
      [...stores[store].entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, v]) => structuredClone(v) as T),
    put: async (store, value) => {
      const copy = structuredClone(value) as Record<string, unknown>;
      stores[store].set(keyOf(store, copy), copy);
      if (store === 'outbox') (value as Record<string, unknown>).seq = copy.seq;
    },
    remove: async (store, key) => void stores[store].delete(key),
    clear: async (store) => void stores[store].clear(),
    acknowledge: async (seq, sent) => {
      stores.outbox.delete(seq);
      stores.sent.set(sent.commandId, structuredClone(sent));
    },
  };
}
