import { useMutation } from '@tanstack/react-query';
import { api, fileForm, type MutationResult } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { useApiQuery } from '../../shared/useApiQuery';

export const PROFILE_URL = '/api/profile';

export type { ProfileView as Profile } from '../../../../src/shared/profile';
import type { ProfileView as Profile } from '../../../../src/shared/profile';
import type { CrewDaySettings } from '../../../../src/shared/notices';

export type ProfileChanges = Pick<Profile, 'firstName' | 'lastName' | 'phone'>;

/** Name and picture also show in the top bar (session) and in the Users list. */
const refetchProfile = () => invalidateUrls([PROFILE_URL, '/api/session', '/api/users']);

export const useProfile = () => useApiQuery<Profile>(PROFILE_URL);

export function useSaveProfile() {
  return useMutation({
    mutationFn: (changes: ProfileChanges) => api.patch(PROFILE_URL, changes),
    onSuccess: refetchProfile,
  });
}

/** "Tomorrow's jobs by e-mail" alone (its own card): the answer's `message` says what was set. */
export function useSaveCrewDaySettings() {
  return useMutation({
    mutationFn: (settings: CrewDaySettings) =>
      api.patch<MutationResult<Profile> & { message: string }>(PROFILE_URL, settings),
    onSuccess: () => invalidateUrls([PROFILE_URL]),
  });
}

export function useProfilePicture() {
  const upload = useMutation({
    mutationFn: (file: File) => api.put(`${PROFILE_URL}/image`, fileForm(file)),
    onSuccess: refetchProfile,
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`${PROFILE_URL}/image`),
    onSuccess: refetchProfile,
  });
  return { upload, remove };
}
