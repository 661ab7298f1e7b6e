import type { JobFormValues } from './jobForm';

/**
 * A New Job form's values kept while it is typed (issue #26): a session that ends before Create job, or a reload,
 * does not lose them. Per tab (sessionStorage) and per person, so whoever signs in next on this tab never sees another's.
 */
const keyOf = (userId: string) => `crewclock.newJobDraft.${userId}`;
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const tabStorage = (): Store => sessionStorage;

export function saveJobDraft(userId: string, values: JobFormValues, storage: Store = tabStorage()): void {
  try {
    storage.setItem(keyOf(userId), JSON.stringify(values));
  } catch {
    // Storage full or refused: the form still works, only without its safety copy.
  }
}

export function loadJobDraft(userId: string, storage: Store = tabStorage()): JobFormValues | null {
  try {
    const text = storage.getItem(keyOf(userId));
    if (!text || text.length > 100_000) return null;
    const values = JSON.parse(text) as Partial<JobFormValues> | null;
    // Only a draft of today's shape: a draft from an older version of the form is dropped.
    if (!values || typeof values.name !== 'string' || typeof values.start !== 'string' || !values.recurrence)
      return null;
    return values as JobFormValues;
  } catch {
    return null;
  }
}

export function clearJobDraft(userId: string, storage: Store = tabStorage()): void {
  try {
    storage.removeItem(keyOf(userId));
  } catch {
    // nothing kept, nothing to clear
  }
}
