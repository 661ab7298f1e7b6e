import { beforeEach, describe, expect, it } from 'vitest';
import { clearJobDraft, loadJobDraft, saveJobDraft } from './jobDraft';
import { jobFormValues } from './jobForm';

/** A tab's storage, as the browser's sessionStorage behaves. */
function tabStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('a New Job draft', () => {
  let storage: ReturnType<typeof tabStorage>;
  beforeEach(() => {
    storage = tabStorage();
  });
  const values = {
    ...jobFormValues(null, 'UTC', { start: '2031-06-04 09:00:00', end: '2031-06-04 09:30:00' }),
    name: 'Carpet',
  };

  it('keeps a person’s draft for them only, until cleared', () => {
    saveJobDraft('maria', values, storage);
    expect(loadJobDraft('maria', storage)).toEqual(values);
    expect(loadJobDraft('jamal', storage)).toBeNull();
    clearJobDraft('maria', storage);
    expect(loadJobDraft('maria', storage)).toBeNull();
  });

  it('drops what is not a draft of this form', () => {
    storage.setItem('crewclock.newJobDraft.maria', '{"name": 3}');
    expect(loadJobDraft('maria', storage)).toBeNull();
    storage.setItem('crewclock.newJobDraft.maria', 'not json');
    expect(loadJobDraft('maria', storage)).toBeNull();
  });
});
