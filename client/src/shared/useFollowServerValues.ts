import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';

/**
 * When the server's values change (someone else saved; a push notice refetched them), the form shows
 * them, unless it holds unsaved edits of its own.
 */
export function useFollowServerValues<V extends object>(
  form: Pick<UseFormReturnType<V>, 'isDirty' | 'setValues' | 'resetDirty'>,
  values: V,
): void {
  useEffect(() => {
    if (!form.isDirty()) {
      form.setValues(values);
      form.resetDirty(values);
    }
    // `values` is derived from the server document, which is the real dependency.
  }, [JSON.stringify(values)]);
}
