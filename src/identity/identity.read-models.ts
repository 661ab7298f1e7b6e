import type { Role } from '../shared/session';

/** Read models of identity, as the REST queries read them. */
export const ORGANIZATIONS = 'organizations';
export const USERS = 'users';
export const SESSIONS = 'sessions';

export const fileUrl = (fileId: string | null) => (fileId ? `/api/files/${fileId}` : null);

export interface OrganizationDoc {
  _id: string;
  name: string;
  timeZone: string;
  pickUpJobsEnabled: boolean;
  automatedRatingEmailsEnabled: boolean;
  logoFileId: string | null;
  logoUrl: string | null;
  createdAt: string;
  _rev?: number;
  [key: string]: unknown;
}

export interface UserDoc {
  _id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  fullName: string;
  /** lower-case "first\u0001last", the users table's sort key. */
  sortName: string;
  email: string;
  employeeId: string | null;
  phoneNumber: string | null;
  colorCode: string;
  role: Role;
  roles: Role[];
  active: boolean;
  profilePictureFileId: string | null;
  profilePictureUrl: string | null;
  createdAt: string;
  _rev?: number;
  [key: string]: unknown;
}

export interface SessionDoc {
  /** HMAC of the cookie's token. */
  _id: string;
  sessionId: string;
  userId: string;
  organizationId: string;
  rememberMe: boolean;
  expiresAt: string;
  createdAt: string;
  [key: string]: unknown;
}
