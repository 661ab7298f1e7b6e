import { useMutation, useQuery } from '@tanstack/react-query';
import { useApiQuery } from '../../shared/useApiQuery';
import { api, type MutationResult } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import {
  AVAILABILITY_URL,
  SAVED_HEADER,
  userAvailabilityUrl,
  WORKING_HOURS_URL,
  type Availability,
  type UserAvailability,
  type WorkingHours,
} from './availability';
import { availabilityPayload, type AvailabilityRow } from './availabilityForm';
import type { TimeOffList } from '../../../../src/shared/availability';
import { timeOffUrl } from './timeOff';

/** A user's week, and from the response header whether it was ever saved. */
export async function fetchUserAvailability(userId: string, signal?: AbortSignal): Promise<UserAvailability> {
  let saved = true;
  const entries = await api.get<Availability[]>(userAvailabilityUrl(userId), {
    signal,
    onResponse: (response) => {
      saved = response.headers.get(SAVED_HEADER) !== 'false';
    },
  });
  return { entries, saved };
}

/** Keyed by its URL like every server datum, so the 'availability.changed' notice invalidates it. */
export function useUserAvailability(userId: string) {
  const url = userAvailabilityUrl(userId);
  return useQuery({ queryKey: [url], queryFn: ({ signal }) => fetchUserAvailability(userId, signal) });
}

/** Saves the whole week; cached availability (this user's week, who is available when) refetches. */
export function useSaveAvailability(userId: string) {
  return useMutation({
    mutationFn: (rows: AvailabilityRow[]) =>
      api.patch<MutationResult<Availability[]>>(
        `${AVAILABILITY_URL}/${encodeURIComponent(userId)}`,
        availabilityPayload(rows),
      ),
    onSuccess: () => invalidateUrls([AVAILABILITY_URL]),
  });
}

/** A person's time off, soonest first. */
export const useTimeOff = (userId: string) => useApiQuery<TimeOffList>(timeOffUrl(userId));

/** Saves a person's whole list of time off; cached availability (who is available when) refetches. */
export function useSaveTimeOff(userId: string) {
  return useMutation({
    mutationFn: (timeOff: unknown[]) => api.put(timeOffUrl(userId), { timeOff }),
    onSuccess: () => invalidateUrls([AVAILABILITY_URL]),
  });
}

/** The staff's saved working hours: where time grids open (their start on days other than today). */
export const useWorkingHours = () => useApiQuery<WorkingHours>(WORKING_HOURS_URL);
