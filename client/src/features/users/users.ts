import type { Role } from '../session/session';
import { USERS_PAGE_SIZE } from '../../../../src/shared/paging';

/** A user as the Users table lists it (GET /api/users/paged). */
export interface User {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  employeeId: string | null;
  phoneNumber: string | null;
  colorCode: string | null;
  roles: Role[];
  active: boolean;
  profilePictureUrl: string | null;
}

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
