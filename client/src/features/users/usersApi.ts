import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { pagedUrl } from '../../shared/pagedQuery';
import type { Paged } from '../../../../src/shared/paging';
import { useApiQuery } from '../../shared/useApiQuery';
import { userPayload, type UserFormValues } from './userForm';
import { INITIAL_USERS_QUERY, USERS_URL, type User, type UsersQuery } from './users';
import { takenColours } from './colourPalette';

export const usersPageUrl = (query: UsersQuery) => pagedUrl(`${USERS_URL}/paged`, query);

export function useUsersPage(query: UsersQuery) {
  return useApiQuery<Paged<User>>(usersPageUrl(query), { keepPrevious: true });
}

/** Spec §9: dropdown lists load 1000 items. The active users, for the colours already taken. */
const ACTIVE_USERS_QUERY: UsersQuery = { ...INITIAL_USERS_QUERY, pageSize: 1000, hideInactive: true };

/** Who has which colour (the other active users than `editingId`), for the colour swatches. */
export function useTakenColours(editingId: string | null) {
  const users = useApiQuery<Paged<User>>(usersPageUrl(ACTIVE_USERS_QUERY));
  return useMemo(() => takenColours(users.data?.resultItems ?? [], editingId), [users.data, editingId]);
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
