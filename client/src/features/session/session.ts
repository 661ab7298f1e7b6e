import { api } from '../../app/api';
import { useAppStore } from '../../app/store';

export const ROLES = ['Associate', 'Company Admin', 'Customer Manager'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'Associate';

export const CLAIMS = ['jobs.crud', 'customers.crud', 'reports.read', 'users.crud', 'settings.crud'] as const;
export type Claim = (typeof CLAIMS)[number];

export interface SessionUser {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  employeeId: string | null;
  phoneNumber: string | null;
  colorCode: string;
  roles: Role[];
  active: boolean;
  profilePictureUrl: string | null;
}

export interface Company {
  id: string;
  name: string;
  logoUrl: string | null;
  timeZone: string;
  pickUpJobsEnabled: boolean;
  automatedRatingEmailsEnabled: boolean;
}

export interface SessionData {
  user: SessionUser;
  claims: Claim[];
  company: Company;
  /** Only for Company Admins: where to reach the provider's support. */
  support?: { email: string | null };
  csrfToken: string;
}

export const SESSION_URL = '/api/session';

/** Loads the session and puts it in the store, where components read single fields. */
export async function fetchSession(
  signal?: AbortSignal,
  options: { redirectOnUnauthorized?: boolean } = {},
): Promise<SessionData> {
  const session = await api.get<SessionData>(SESSION_URL, { signal, ...options });
  useAppStore.getState().setSession(session);
  return session;
}

export const useHasClaim = (claim: Claim) => useAppStore((s) => s.session?.claims.includes(claim) ?? false);
export const useIsCompanyAdmin = () => useAppStore((s) => s.session?.user.roles.includes('Company Admin') ?? false);
