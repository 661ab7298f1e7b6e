import { BRAND_NAVY } from '../../app/theme';
import { phoneProblem } from '../../shared/phone';
import { emailProblem, newPasswordProblem } from '../account/passwordRules';
import { DEFAULT_ROLE, ROLES, type Role } from '../../../../src/shared/session';
import { firstFreeColour } from './colourPalette';
import { roleOf, type User } from './users';

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string;
  phoneNumber: string;
  role: Role | '';
  colorCode: string;
  /** New User only: e-mail an invitation to choose one's own password (the default), or set one now. */
  access: 'invite' | 'password';
  password: string;
  active: boolean;
}

/**
 * A new user: Associate, active (spec §3), on the first colour nobody else has (`taken`: takenColours), not the
 * default navy, which the calendars' legend gives to Available for Requests.
 */
export function userFormValues(user: User | null, taken: ReadonlyMap<string, string[]> = new Map()): UserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    employeeId: user?.employeeId ?? '',
    phoneNumber: user?.phoneNumber ?? '',
    role: user ? roleOf(user) || DEFAULT_ROLE : DEFAULT_ROLE,
    colorCode: user ? user.colorCode || BRAND_NAVY : firstFreeColour(taken),
    access: 'invite',
    password: '',
    active: user?.active ?? true,
  };
}

/** Validation of spec §5 (Employee): names, e-mail format, role; a password on create unless invited (#26). */
export function userFormRules(mode: 'create' | 'edit') {
  return {
    firstName: (value: string) => (value.trim() ? null : 'First name is required'),
    lastName: (value: string) => (value.trim() ? null : 'Last name is required'),
    email: (value: string) => emailProblem(value),
    phoneNumber: (value: string) => phoneProblem(value),
    role: (value: string) => ((ROLES as readonly string[]).includes(value) ? null : 'Role is required'),
    colorCode: (value: string) => (/^#[0-9a-f]{6}$/i.test(value) ? null : 'Choose a colour'),
    password: (value: string, values: Pick<UserFormValues, 'access'>) =>
      mode === 'create' && values.access === 'password' ? newPasswordProblem(value) : null,
  };
}

/** The body of POST /api/users (create) or PATCH /api/users/{id} (edit). A user holds one role. */
export function userPayload(values: UserFormValues, mode: 'create' | 'edit') {
  const common = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    employeeId: values.employeeId.trim() || null,
    phoneNumber: values.phoneNumber || null,
    roles: [values.role as Role],
    colorCode: values.colorCode.toUpperCase(),
  };
  if (mode === 'edit') return { ...common, active: values.active };
  return values.access === 'invite' ? { ...common, invite: true } : { ...common, password: values.password };
}
