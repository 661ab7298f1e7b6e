import { ROLES, type Claim, type Role } from '../shared/session';

/** The claims each role holds (issue #2 §5); the roles and claims themselves are the wire's (src/shared/session.ts). */
const CLAIMS_BY_ROLE: Record<Role, readonly Claim[]> = {
  'Company Admin': ['jobs.crud', 'customers.crud', 'reports.read', 'users.crud', 'settings.crud', 'audit.read'],
  'Customer Manager': ['jobs.crud', 'customers.crud', 'reports.read'],
  Associate: [],
};

export const claimsFor = (role: Role): Claim[] => [...CLAIMS_BY_ROLE[role]];
export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
/** Managers are told about job requests: whoever may schedule jobs. */
export const isManager = (role: Role) => claimsFor(role).includes('jobs.crud');
