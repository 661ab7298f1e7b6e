import { Inject, Logger, OnApplicationShutdown } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Logger as PinoLogger } from 'pino';
import { APP_CONFIG, AppConfig } from '../config/config';
import { LOGGER } from '../core/core.module';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { isUuid, newId } from '../core/clock';
import { ForbiddenError, UnauthenticatedError, ValidationError } from '../core/errors';
import { letter } from '../core/mail/letter';
import { MAILER, Mailer } from '../core/mail/mail.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationById, OrganizationDoc, UserDoc, usersByEmail } from './identity.read-models';
import { letterheadOf } from './mail-logo';
import { identityStreams } from './identity.events';
import { ChangeOwnPassword, RequestPasswordReset, ResetPassword, SignIn, SignOut } from './identity.commands';
import { LoginThrottle } from './login-throttle';
import { PasswordResetThrottle } from './password-reset-throttle';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from './passwords';
import { sessionDecider } from './session.decider';
import { SIGN_IN_ERRORS, type OrganizationChoice } from '../shared/sign-in';
import {
  newToken,
  PASSWORD_RESET_TTL_MINUTES,
  REMEMBER_ME_TTL_DAYS,
  resetTokenDigest,
  SESSION_TTL_HOURS,
  tokenDigest,
} from './session-tokens';
import { normalizeEmail, userDecider, UserState } from './user.decider';

export const WRONG_CREDENTIALS = SIGN_IN_ERRORS.credentials;
export const INACTIVE_ACCOUNT = SIGN_IN_ERRORS.inactive;
export const CHOOSE_ORGANIZATION = SIGN_IN_ERRORS.organization;

/** What a sign-in gives: a session, or the organizations whose account the password opened, to choose from. */
export type SignInResult =
  | { token: string; sessionId: string; expiresAt: string; rememberMe: boolean }
  | { chooseOrganization: OrganizationChoice[] };

/**
 * One address may sign in to several organizations. The password is checked against each of its
 * accounts (or the one of the organization asked for); one opened: signed in; several (the person
 * chose the same password twice): the answer names only those organizations, to choose from.
 */
@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly throttle: LoginThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: PinoLogger,
  ) {}

  async execute({ input, meta }: SignIn): Promise<SignInResult> {
    const email = normalizeEmail(input.email ?? '');
    if (!email) throw new ValidationError('Email is required');
    if (!input.password) throw new ValidationError('Password is required');
    // Failed and refused sign-ins are security events: the account typed and the address, never the password.
    const attempt = await this.throttle.attempt(email, input.ipAddress).catch((error: unknown) => {
      this.logger.warn(
        { securityEvent: 'sign-in throttled', account: email, address: input.ipAddress },
        'sign-in refused: too many attempts',
      );
      throw error;
    });
    const found = (await usersByEmail(this.store, email)).filter(
      (user: UserDoc) => !input.organizationId || user.organizationId === input.organizationId,
    );
    const accounts: Account[] = [];
    for (const user of found) {
      const { state } = await this.aggregates.load(identityStreams.user(user._id), userDecider);
      if (state.status === 'active' || state.status === 'inactive') accounts.push(state);
    }
    const opened: Account[] = [];
    for (const account of accounts)
      if (await verifyPassword(input.password, account.passwordHash)) opened.push(account);
    // Without an account the work is the same as with one: a hash is checked.
    if (!accounts.length) await verifyPassword(input.password, await decoyHash(this.config.scryptLogN));
    if (!opened.length) {
      this.logger.warn(
        { securityEvent: 'sign-in failed', account: email, address: input.ipAddress, known: accounts.length > 0 },
        'sign-in failed: wrong e-mail or password',
      );
      throw new UnauthenticatedError(WRONG_CREDENTIALS);
    }
    await this.throttle.succeeded(attempt);
    if (opened.length > 1) return { chooseOrganization: await this.organizationsOf(opened) };
    const [state] = opened;
    if (state.status === 'inactive') {
      this.logger.warn(
        { securityEvent: 'sign-in refused', account: email, address: input.ipAddress, userId: state.userId },
        'sign-in refused: the account is inactive',
      );
      throw new ForbiddenError(INACTIVE_ACCOUNT);
    }

    return startSession(this.aggregates, this.config, state, input, meta);
  }

  private async organizationsOf(accounts: Account[]) {
    const organizations = await Promise.all(
      accounts.map(async ({ organizationId }) => ({
        id: organizationId,
        name: (await organizationById(this.store, organizationId))?.name ?? 'Organization',
      })),
    );
    return organizations.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }
}

/** A user that was registered (sign-in considers the active and inactive ones). */
type Account = Exclude<UserState, { status: 'none' }>;

/** A new session for an account whose password was just proven (a sign-in, an accepted invitation). */
export async function startSession(
  aggregates: Aggregates,
  config: AppConfig,
  account: Account,
  input: { rememberMe: boolean; ipAddress: string; userAgent: string | null },
  meta: CommandMeta,
): Promise<Extract<SignInResult, { token: string }>> {
  const token = newToken();
  const sessionId = newId();
  const now = new Date(meta.at).getTime();
  const expiresAt = new Date(
    now + (input.rememberMe ? REMEMBER_ME_TTL_DAYS * 24 : SESSION_TTL_HOURS) * 3600_000,
  ).toISOString();
  await aggregates.execute(
    identityStreams.session(sessionId),
    sessionDecider,
    {
      type: 'StartSession',
      data: {
        sessionId,
        userId: account.userId,
        organizationId: account.organizationId,
        tokenDigest: tokenDigest(config.sessionSecret, token),
        rememberMe: input.rememberMe,
        expiresAt,
        ipAddress: input.ipAddress,
        userAgent: input.userAgent?.slice(0, 200) ?? null,
      },
    },
    { ...meta, organizationId: account.organizationId, actorUserId: account.userId },
  );
  return { token, sessionId, expiresAt, rememberMe: input.rememberMe };
}

@CommandHandler(SignOut)
export class SignOutHandler implements ICommandHandler<SignOut> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ sessionId, meta, reason }: SignOut) {
    await this.aggregates.execute(
      identityStreams.session(sessionId),
      sessionDecider,
      { type: 'EndSession', reason },
      meta,
    );
  }
}

export function newPasswordProblem(password: string, confirm: string, personal: (string | null)[]): string | null {
  return (
    passwordProblem(password, personal) ??
    (password !== confirm ? 'The new password and its confirmation do not match' : null)
  );
}

export const personalOf = (state: UserState) =>
  state.status === 'none' ? [] : [state.firstName, state.lastName, state.email];
const INVALID_RESET_LINK = 'This reset link is not valid or has already been used. Request a new one.';

@CommandHandler(ChangeOwnPassword)
export class ChangeOwnPasswordHandler implements ICommandHandler<ChangeOwnPassword> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, meta }: ChangeOwnPassword) {
    if (!input.currentPassword) throw new ValidationError('Current password is required');
    const stream = identityStreams.user(meta.actorUserId!);
    const { state } = await this.aggregates.load(stream, userDecider);
    const problem = newPasswordProblem(input.newPassword, input.confirmPassword, personalOf(state));
    if (problem) throw new ValidationError(problem);
    if (state.status === 'none' || !(await verifyPassword(input.currentPassword, state.passwordHash))) {
      throw new ValidationError('The current password is incorrect');
    }
    const passwordHash = await hashPassword(input.newPassword, this.config.scryptLogN);
    await this.aggregates.execute(
      stream,
      userDecider,
      {
        type: 'ChangePassword',
        organizationId: meta.organizationId,
        passwordHash,
        keepSessionId: input.sessionId,
        reason: 'changed',
      },
      meta,
    );
  }
}

/**
 * The link carries the user id and a random secret: `<userId>.<secret>`; only the secret's digest is
 * stored. The answer is the same, and as quick, whether or not the address is known: the lookup, the
 * record and the e-mail happen after it, in the background.
 */
@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset>, OnApplicationShutdown {
  private readonly logger = new Logger('PasswordReset');
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly aggregates: Aggregates,
    private readonly throttle: PasswordResetThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ email, ipAddress, meta }: RequestPasswordReset) {
    const address = normalizeEmail(email ?? '');
    if (!address) throw new ValidationError('Email is required');
    await this.throttle.request(ipAddress);
    const sending = this.send(address, meta)
      .catch((error) => this.logger.error(`password reset for a requested address failed: ${String(error)}`))
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }

  /** A stop waits for the e-mails already promised. */
  async onApplicationShutdown() {
    await Promise.all(this.sending);
  }

  /** One e-mail to the address, with a link for each active account it has, each naming its organization. */
  private async send(address: string, meta: CommandMeta) {
    const users = (await usersByEmail(this.store, address)).filter((user) => user.active);
    if (!users.length) return;
    if (!(await this.throttle.emailAllowed(address))) {
      this.logger.warn(
        { securityEvent: 'password reset e-mail withheld', userIds: users.map((user) => user._id) },
        'reset e-mail limit reached for an account',
      );
      return;
    }
    const expiresAt = new Date(new Date(meta.at).getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString();
    const links: { organization: string; link: string }[] = [];
    const senders = new Map<string, OrganizationDoc | null>();
    for (const user of users) {
      const secret = newToken();
      const { events } = await this.aggregates.execute(
        identityStreams.user(user._id),
        userDecider,
        {
          type: 'RequestPasswordReset',
          organizationId: user.organizationId,
          tokenDigest: resetTokenDigest(this.config.sessionSecret, secret),
          expiresAt,
        },
        { ...meta, organizationId: user.organizationId },
      );
      if (!events.length) continue;
      const doc = await organizationById(this.store, user.organizationId);
      senders.set(user.organizationId, doc);
      const token = encodeURIComponent(`${user._id}.${secret}`);
      links.push({
        organization: doc?.name ?? 'Your organization',
        link: `${this.config.publicUrl}/forgotpassword/reset?token=${token}`,
      });
    }
    if (!links.length) return;
    links.sort((a, b) => a.organization.localeCompare(b.organization));
    const names = new Set(users.map((user) => user.firstName));
    const greeting = names.size === 1 ? `Hello ${users[0].firstName},` : 'Hello,';
    const which =
      links.length === 1
        ? 'open this link'
        : 'open the link of the organization whose password you want to reset (each link resets only its own)';
    // One organization's links: its letterhead; several organizations': CrewClock's, each link naming its own.
    const [sender, ...others] = senders.values();
    await this.mailer.send(
      letter({
        to: address,
        subject: 'Reset your password',
        from: letterheadOf(others.length ? null : (sender ?? null), this.config.publicUrl),
        body: [
          greeting,
          `Someone asked to reset the password of your CrewClock account. If it was you, ${which} within ${PASSWORD_RESET_TTL_MINUTES} minutes:`,
          ...links.map(({ organization, link }) => ({ lead: organization, link, label: 'Reset your password' })),
          'A link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
        ],
      }),
    );
  }
}

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly throttle: PasswordResetThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, meta }: ResetPassword) {
    await this.throttle.submission(input.ipAddress);
    const [userId, secret] = String(input.token ?? '').split('.');
    if (!isUuid(userId) || !secret) throw new ValidationError(INVALID_RESET_LINK);
    const stream = identityStreams.user(userId);
    const { state } = await this.aggregates.load(stream, userDecider);
    if (state.status === 'none') throw new ValidationError(INVALID_RESET_LINK);
    const reset = {
      type: 'ResetPassword' as const,
      organizationId: state.organizationId,
      tokenDigest: resetTokenDigest(this.config.sessionSecret, secret),
      at: meta.at,
    };
    // The link is checked before the costly part (strength estimate, hashing): the decider refuses a bad one.
    userDecider.decide({ ...reset, passwordHash: '' }, state);
    const problem = newPasswordProblem(input.password, input.confirmPassword, personalOf(state));
    if (problem) throw new ValidationError(problem);
    const passwordHash = await hashPassword(input.password, this.config.scryptLogN);
    await this.aggregates.execute(
      stream,
      userDecider,
      { ...reset, passwordHash },
      { ...meta, organizationId: state.organizationId, actorUserId: userId },
    );
  }
}
