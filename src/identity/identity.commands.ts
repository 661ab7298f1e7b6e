import type { CommandMeta } from '../core/commands/aggregates';
import type { Upload } from '../core/uploads';
import type { OrganizationSettings, UserDetails } from './identity.events';

/** Commands of identity: imperative, each with the metadata its events will carry. */

export class CreateOrganization {
  constructor(
    readonly input: {
      organizationId: string;
      name: string;
      timeZone: string;
      admin: { userId: string; firstName: string; lastName: string; email: string; password: string };
    },
    readonly meta: CommandMeta,
  ) {}
}

export class SignIn {
  constructor(
    readonly input: {
      email: string;
      password: string;
      /** The organization chosen when the address and password open accounts in several. */
      organizationId?: string | null;
      rememberMe: boolean;
      ipAddress: string;
      userAgent: string | null;
    },
    readonly meta: CommandMeta,
  ) {}
}

export class SignOut {
  constructor(
    readonly sessionId: string,
    readonly meta: CommandMeta,
    readonly reason: 'signed out' | 'signed in again' = 'signed out',
  ) {}
}

export class ChangeOwnPassword {
  constructor(
    readonly input: { currentPassword: string; newPassword: string; confirmPassword: string; sessionId: string },
    readonly meta: CommandMeta,
  ) {}
}

export class RequestPasswordReset {
  constructor(
    readonly email: string,
    readonly ipAddress: string,
    readonly meta: CommandMeta,
  ) {}
}

export class ResetPassword {
  constructor(
    readonly input: { token: string; password: string; confirmPassword: string; ipAddress: string },
    readonly meta: CommandMeta,
  ) {}
}

export class CreateUser {
  constructor(
    /** `invite`: no password; the person is e-mailed a link to choose their own (#26). */
    readonly input: Partial<UserDetails> & { password?: string; invite?: boolean },
    readonly meta: CommandMeta,
    /** E-mail the new user that the organization added them (the demo seed's made-up people get none). */
    readonly notify = true,
  ) {}
}

/** A new invitation link for a user who has not chosen a password yet; the one before stops working. */
export class ResendInvitation {
  constructor(
    readonly userId: string,
    readonly meta: CommandMeta,
  ) {}
}

/** The invited person chooses their password with the link's token, and is signed in. */
export class AcceptInvitation {
  constructor(
    readonly input: {
      token: string;
      password: string;
      confirmPassword: string;
      ipAddress: string;
      userAgent: string | null;
    },
    readonly meta: CommandMeta,
  ) {}
}

export class UpdateUser {
  constructor(
    readonly userId: string,
    readonly input: Partial<UserDetails> & { active?: boolean },
    readonly meta: CommandMeta,
  ) {}
}

export class DeleteUser {
  constructor(
    readonly userId: string,
    readonly meta: CommandMeta,
  ) {}
}

export class UpdateOrganizationSettings {
  constructor(
    readonly changes: Partial<OrganizationSettings>,
    readonly meta: CommandMeta,
  ) {}
}

/** Replaces the organization's holidays: `holidays` as sent ({ date, name }[]), checked by the decider. */
export class SetOrganizationHolidays {
  constructor(
    readonly holidays: unknown,
    readonly meta: CommandMeta,
  ) {}
}

/** `upload` null removes the logo. */
export class SetOrganizationLogo {
  constructor(
    readonly upload: Upload | null,
    readonly meta: CommandMeta,
  ) {}
}

export class UpdateProfile {
  constructor(
    readonly input: {
      firstName?: string;
      lastName?: string;
      phone?: string | null;
      crewDayEmail?: boolean;
      crewDayEmailHour?: number;
    },
    readonly meta: CommandMeta,
  ) {}
}

/** `upload` null removes the picture. */
export class SetProfilePicture {
  constructor(
    readonly upload: Upload | null,
    readonly meta: CommandMeta,
  ) {}
}
