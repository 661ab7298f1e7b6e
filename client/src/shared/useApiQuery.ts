import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../app/api';

/** Server data keyed by its URL: the cache layer that socket notices invalidate. */
export function useApiQuery<T>(url: string | null, options: { keepPrevious?: boolean } = {}) {
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<T>(url as string, { signal }),
    enabled: url !== null,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
