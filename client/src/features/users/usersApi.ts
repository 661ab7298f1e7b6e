import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { pagedUrl } from '../../shared/pagedQuery';
import type { Paged } from '../../../../src/shared/paging';
import { useApiQuery } from '../../shared/useApiQuery';
import { userPayload, type UserFormValues } from './userForm';
import { USERS_URL, type User, type UsersQuery } from './users';

export const usersPageUrl = (query: UsersQuery) => pagedUrl(`${USERS_URL}/paged`, query);

export function useUsersPage(query: UsersQuery) {
  return useApiQuery<Paged<User>>(usersPageUrl(query), { keepPrevious: true });
}

/** Creates a user, or saves one being edited; the lists refetch afterwards (the server answers after its read models caught up). */
export function useSaveUser(user: User | null) {
  return useMutation({
    mutationFn: (values: UserFormValues) =>
      user
        ? api.patch(`${USERS_URL}/${encodeURIComponent(user.id)}`, userPayload(values, 'edit'))
        : api.post(USERS_URL, userPayload(values, 'create')),
    onSuccess: () => invalidateUrls([USERS_URL, '/api/session']),
  });
}

export function useDeleteUser() {
  return useMutation({
    mutationFn: (user: User) => api.delete(`${USERS_URL}/${encodeURIComponent(user.id)}`),
    onSuccess: () => invalidateUrls([USERS_URL]),
  });
}

/** E-mails a new invitation link to a person still without a password; the link before stops working (#26). */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (user: User) => api.post(`${USERS_URL}/${encodeURIComponent(user.id)}/invitation`, {}),
    onSuccess: () => invalidateUrls([USERS_URL]),
  });
}
