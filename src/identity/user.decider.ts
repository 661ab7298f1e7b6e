import { timingSafeEqual } from 'node:crypto';
import { isEmailAddress } from '../shared/email';
import { CREW_DAY_SETTING_KEYS, crewDaySettingsOf, crewDaySettingsProblem } from '../shared/notices';
import { Decider } from '../core/decider';
import { ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { UserDetails, UserEvent } from './identity.events';
import { isRole } from './roles';

/** An invitation link's digest and end, as the handler made it. */
export interface InvitationToken {
  tokenDigest: string;
  expiresAt: string;
}

export type UserCommand =
  /** With `invitation` (and passwordHash ''), the person is invited to choose their password. */
  | ({
      type: 'RegisterUser';
      userId: string;
      organizationId: string;
      passwordHash: string;
      invitation?: InvitationToken;
    } & UserDetails)
  | OnUser<{ type: 'ChangeUserDetails'; changes: Partial<UserDetails>; active?: boolean }>
  | OnUser<{ type: 'DeleteUser' }>
  | OnUser<{
      type: 'ChangePassword';
      passwordHash: string;
      keepSessionId: string | null;
      reason: 'changed' | 'set by administrator';
    }>
  | OnUser<{ type: 'RequestPasswordReset'; tokenDigest: string; expiresAt: string }>
  | OnUser<{ type: 'ResetPassword'; tokenDigest: string; passwordHash: string; at: string }>
  | OnUser<{ type: 'ChangeProfilePicture'; fileId: string | null }>
  | OnUser<{ type: 'InviteUser' } & InvitationToken>
  | OnUser<{ type: 'AcceptInvitation'; tokenDigest: string; passwordHash: string; at: string }>;

/** Commands on an existing user name the organization asking: another organization's user is not found. */
type OnUser<C> = C & { organizationId: string };

export type UserState =
  | { status: 'none' }
  | ({
      status: 'active' | 'inactive' | 'deleted';
      userId: string;
      organizationId: string;
      passwordHash: string;
      profilePictureFileId: string | null;
      /** The one outstanding reset link, cleared when used or when the password changes. */
      passwordReset: { tokenDigest: string; expiresAt: string } | null;
      /** The one outstanding invitation link, until the person has a password. */
      invitation: InvitationToken | null;
    } & UserDetails);

export const DEFAULT_COLOR = '#0D1B41';
const COLOR = /^#[0-9a-f]{6}$/i;
const NAME_MAX = 50;

export const INVALID_INVITATION =
  'This invitation link is not valid or has already been used. Ask your administrator to send a new one.';
export const EXPIRED_INVITATION = 'This invitation has expired. Ask your administrator to send a new one.';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** First problem with the details, in the order the form shows its fields. */
export function userDetailsProblem(d: Partial<UserDetails>, creating: boolean): string | null {
  const has = (key: keyof UserDetails) => creating || d[key] !== undefined;
  if (has('firstName') && !d.firstName?.trim()) return 'First name is required';
  if (has('firstName') && d.firstName!.trim().length > NAME_MAX)
    return `First name must be at most ${NAME_MAX} characters`;
  if (has('lastName') && !d.lastName?.trim()) return 'Last name is required';
  if (has('lastName') && d.lastName!.trim().length > NAME_MAX)
    return `Last name must be at most ${NAME_MAX} characters`;
  if (has('email') && !d.email?.trim()) return 'Email is required';
  if (has('email') && !isEmailAddress(d.email!.trim())) return 'Email must be a valid email address';
  if (has('role') && !d.role) return 'Role is required';
  if (has('role') && !isRole(d.role)) return 'Role must be Associate, Company Admin or Customer Manager';
  if (d.colorCode && !COLOR.test(d.colorCode)) return 'Colour must be a hex colour such as #0D1B41';
  if (d.phoneNumber && d.phoneNumber.replace(/\D/g, '').length !== 10)
    return 'Phone number must have 10 digits, as (###) ###-####';
  return null;
}

/** A profile change of only "Tomorrow's jobs by e-mail" (no names, no phone): what its card on My Profile sends. */
export function crewDaySettingsOnly(input: Record<string, unknown>): boolean {
  const details = ['firstName', 'lastName', 'phone'].some((key) => input[key] !== undefined);
  return !details && CREW_DAY_SETTING_KEYS.some((key) => input[key] !== undefined);
}

/** An hour of "Tomorrow's jobs by e-mail" as the profile shows it: 19 → '7:00 PM'. */
export const crewDayHourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;

function clean(d: Partial<UserDetails>): Partial<UserDetails> {
  const out: Partial<UserDetails> = { ...d };
  if (out.firstName !== undefined) out.firstName = out.firstName.trim();
  if (out.lastName !== undefined) out.lastName = out.lastName.trim();
  if (out.email !== undefined) out.email = normalizeEmail(out.email);
  if (out.employeeId !== undefined) out.employeeId = out.employeeId?.trim() || null;
  if (out.phoneNumber !== undefined) out.phoneNumber = out.phoneNumber?.trim() || null;
  if (out.colorCode !== undefined) out.colorCode = out.colorCode?.toUpperCase() || DEFAULT_COLOR;
  return out;
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      const { passwordHash, ...details } = event.data;
      return {
        status: 'active',
        passwordHash,
        profilePictureFileId: null,
        passwordReset: null,
        invitation: null,
        ...details,
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'UserDetailsChanged': {
        const next = { ...state };
        for (const [key, change] of Object.entries(event.data.changes))
          (next as Record<string, unknown>)[key] = change!.to;
        return next;
      }
      case 'UserDeactivated':
        return { ...state, status: 'inactive' };
      case 'UserReactivated':
        return { ...state, status: 'active' };
      case 'UserDeleted':
        return { ...state, status: 'deleted' };
      case 'UserPasswordChanged':
      case 'InvitationAccepted':
        // Any password of one's own makes an outstanding invitation pointless: it stops working.
        return { ...state, passwordHash: event.data.passwordHash, passwordReset: null, invitation: null };
      case 'UserInvited':
        return { ...state, invitation: { tokenDigest: event.data.tokenDigest, expiresAt: event.data.expiresAt } };
      case 'PasswordResetRequested':
        return { ...state, passwordReset: { tokenDigest: event.data.tokenDigest, expiresAt: event.data.expiresAt } };
      case 'ProfilePictureChanged':
        return { ...state, profilePictureFileId: event.data.fileId };
    }
  },

  decide(command, state) {
    if (command.type === 'RegisterUser') {
      if (state.status !== 'none') return []; // a retried registration: already done
      // A new person starts with the default e-mail settings: only they choose theirs, on My Profile.
      const {
        type: _type,
        passwordHash,
        userId,
        organizationId,
        invitation,
        crewDayEmail: _email,
        crewDayEmailHour: _hour,
        ...details
      } = command;
      const problem = userDetailsProblem(details, true);
      if (problem) throw new ValidationError(problem);
      if (!invitation === !passwordHash) throw new ValidationError('Set a password or send an invitation');
      const cleaned = clean({ ...details, colorCode: details.colorCode || DEFAULT_COLOR }) as UserDetails;
      const registered: UserEvent = {
        type: 'UserRegistered',
        data: { userId, organizationId, passwordHash, ...cleaned },
      };
      if (!invitation) return [registered];
      return [registered, { type: 'UserInvited', data: { userId, organizationId, ...invitation, resent: false } }];
    }
    if (state.status === 'none' || state.status === 'deleted' || state.organizationId !== command.organizationId) {
      throw new NotFoundError('The user');
    }
    const ids = { userId: state.userId, organizationId: state.organizationId };
    switch (command.type) {
      case 'ChangeUserDetails': {
        const problem = userDetailsProblem(command.changes, false) ?? crewDaySettingsProblem(command.changes);
        if (problem) throw new ValidationError(problem);
        const wanted = clean(command.changes);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        // The e-mail settings compare with what is in force: the default until first set.
        const current = { ...state, ...crewDaySettingsOf(state) };
        for (const key of [
          'firstName',
          'lastName',
          'email',
          'employeeId',
          'phoneNumber',
          'colorCode',
          'role',
          ...CREW_DAY_SETTING_KEYS,
        ] as const) {
          if (wanted[key] !== undefined && wanted[key] !== current[key])
            changes[key] = { from: current[key], to: wanted[key] };
        }
        const events: UserEvent[] = [];
        if (Object.keys(changes).length) events.push({ type: 'UserDetailsChanged', data: { ...ids, changes } });
        if (command.active === false && state.status === 'active') events.push({ type: 'UserDeactivated', data: ids });
        if (command.active === true && state.status === 'inactive') events.push({ type: 'UserReactivated', data: ids });
        return events;
      }
      case 'DeleteUser':
        return [{ type: 'UserDeleted', data: ids }];
      case 'ChangePassword':
        return [
          {
            type: 'UserPasswordChanged',
            data: {
              ...ids,
              passwordHash: command.passwordHash,
              reason: command.reason,
              keepSessionId: command.keepSessionId,
            },
          },
        ];
      case 'RequestPasswordReset':
        // An inactive user gets no link; the caller answers the same either way.
        if (state.status !== 'active') return [];
        return [
          {
            type: 'PasswordResetRequested',
            data: { ...ids, tokenDigest: command.tokenDigest, expiresAt: command.expiresAt },
          },
        ];
      case 'ResetPassword': {
        const reset = state.passwordReset;
        if (state.status !== 'active' || !reset || reset.tokenDigest !== command.tokenDigest) {
          throw new ValidationError('This reset link is not valid or has already been used. Request a new one.');
        }
        if (reset.expiresAt <= command.at) throw new ValidationError('This reset link has expired. Request a new one.');
        return [
          {
            type: 'UserPasswordChanged',
            data: { ...ids, passwordHash: command.passwordHash, reason: 'reset', keepSessionId: null },
          },
        ];
      }
      case 'InviteUser':
        if (state.status !== 'active')
          throw new ValidationError('An inactive user cannot be invited. Activate them first.');
        if (state.passwordHash)
          throw new ValidationError(`${state.firstName} ${state.lastName} has already set a password`);
        return [
          {
            type: 'UserInvited',
            data: { ...ids, tokenDigest: command.tokenDigest, expiresAt: command.expiresAt, resent: true },
          },
        ];
      case 'AcceptInvitation': {
        // One message for every refusal but expiry: a wrong, used or replaced link tells nothing more.
        const invitation = state.invitation;
        if (state.status !== 'active' || !invitation || !sameDigest(invitation.tokenDigest, command.tokenDigest))
          throw new ValidationError(INVALID_INVITATION);
        if (invitation.expiresAt <= command.at) throw new ValidationError(EXPIRED_INVITATION);
        return [{ type: 'InvitationAccepted', data: { ...ids, passwordHash: command.passwordHash } }];
      }
      case 'ChangeProfilePicture':
        if (state.status !== 'active') throw new ForbiddenError('This account is inactive.');
        if (command.fileId === state.profilePictureFileId) return [];
        return [
          {
            type: 'ProfilePictureChanged',
            data: { ...ids, fileId: command.fileId, previousFileId: state.profilePictureFileId },
          },
        ];
    }
  },
};

/** Digests compared in constant time (hex of equal length when both are ours). */
function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
