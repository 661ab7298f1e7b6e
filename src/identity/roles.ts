/** Roles and the claims each holds (issue #2 §5). A user has exactly one role. */
export const ROLES = ['Associate', 'Company Admin', 'Customer Manager'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'Associate';

export const CLAIMS = ['jobs.crud', 'customers.crud', 'reports.read', 'users.crud', 'settings.crud'] as const;
export type Claim = (typeof CLAIMS)[number];

const CLAIMS_BY_ROLE: Record<Role, readonly Claim[]> = {
  'Company Admin': ['jobs.crud', 'customers.crud', 'reports.read', 'users.crud', 'settings.crud'],
  'Customer Manager': ['jobs.crud', 'customers.crud', 'reports.read'],
  Associate: [],
};

export const claimsFor = (role: Role): Claim[] => [...CLAIMS_BY_ROLE[role]];
export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
/** Managers are told about job requests: whoever may schedule jobs. */
export const isManager = (role: Role) => claimsFor(role).includes('jobs.crud');
