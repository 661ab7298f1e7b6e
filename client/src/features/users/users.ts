import { USERS_PAGE_SIZE } from '../../../../src/shared/paging';
import type { Role, SessionUser } from '../../../../src/shared/session';

/** A user as the Users table lists it (GET /api/users/paged). */
export type User = SessionUser;

export const USERS_URL = '/api/users';

export interface UsersQuery {
  filter: string;
  sortDir: 'asc' | 'desc';
  currentPage: number;
  pageSize: number;
  hideInactive: boolean;
  [key: string]: string | number | boolean;
}

/** Spec §9: users sort by first name ascending, 50 a page. */
export const INITIAL_USERS_QUERY: UsersQuery = {
  filter: '',
  sortDir: 'asc',
  currentPage: 1,
  pageSize: USERS_PAGE_SIZE,
  hideInactive: false,
};

export const roleOf = (user: Pick<User, 'roles'>): Role | '' => user.roles[0] ?? '';

/** Where a person's invitation stands: null once they have a password (or were never invited). */
export function invitationState(
  user: Pick<User, 'invitationExpiresAt'>,
  now: Date = new Date(),
): 'invited' | 'expired' | null {
  if (!user.invitationExpiresAt) return null;
  return new Date(user.invitationExpiresAt).getTime() > now.getTime() ? 'invited' : 'expired';
}
