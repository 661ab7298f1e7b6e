import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { Aggregates } from '../../core/commands/aggregates';
import { isUuid, newId } from '../../core/clock';
import { ForbiddenError, UnauthenticatedError, ValidationError } from '../../core/errors';
import { MAILER, Mailer } from '../../core/mail/mail.port';
import { READ_STORE, ReadStore } from '../../core/read-store/read-store.port';
import { UserDoc, USERS } from '../../../projections/identity/read-models';
import { streams } from '../identity.events';
import { ChangeOwnPassword, RequestPasswordReset, ResetPassword, SignIn, SignOut } from '../identity.commands';
import { LoginThrottle } from '../login-throttle';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from '../passwords';
import { sessionDecider } from '../session.decider';
import {
  newToken, PASSWORD_RESET_TTL_MINUTES, REMEMBER_ME_TTL_DAYS, resetTokenDigest, SESSION_TTL_HOURS, tokenDigest,
} from '../session-tokens';
import { normalizeEmail, userDecider } from '../user.decider';

export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
export const INACTIVE_ACCOUNT = 'Your account is inactive. Contact your company administrator.';

@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly throttle: LoginThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, meta }: SignIn) {
    const email = normalizeEmail(input.email ?? '');
    if (!email) throw new ValidationError('Email is required');
    if (!input.password) throw new ValidationError('Password is required');
    await this.throttle.check(email, input.ipAddress);
    const found = await this.store.collection<UserDoc>(USERS).findOne({ email });
    const { state } = found ? await this.aggregates.load(streams.user(found._id), userDecider) : { state: null };
    const hash = state && state.status !== 'none' ? state.passwordHash : await decoyHash(this.config.scryptLogN);
    const valid = await verifyPassword(input.password, hash);
    if (!valid || !state || state.status === 'none' || state.status === 'deleted') {
      await this.throttle.failed(email, input.ipAddress);
      throw new UnauthenticatedError(WRONG_CREDENTIALS);
    }
    if (state.status === 'inactive') throw new ForbiddenError(INACTIVE_ACCOUNT);
    await this.throttle.succeeded(email);

    const token = newToken();
    const sessionId = newId();
    const now = new Date(meta.at).getTime();
    const expiresAt = new Date(now + (input.rememberMe ? REMEMBER_ME_TTL_DAYS * 24 : SESSION_TTL_HOURS) * 3600_000).toISOString();
    await this.aggregates.execute(streams.session(sessionId), sessionDecider, {
      type: 'StartSession',
      data: {
        sessionId, userId: state.userId, organizationId: state.organizationId, tokenDigest: tokenDigest(this.config.sessionSecret, token),
        rememberMe: input.rememberMe, expiresAt, ipAddress: input.ipAddress, userAgent: input.userAgent?.slice(0, 200) ?? null,
      },
    }, { ...meta, organizationId: state.organizationId, actorUserId: state.userId });
    return { token, sessionId, expiresAt, rememberMe: input.rememberMe };
  }
}

@CommandHandler(SignOut)
export class SignOutHandler implements ICommandHandler<SignOut> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ sessionId, meta }: SignOut) {
    await this.aggregates.execute(streams.session(sessionId), sessionDecider, { type: 'EndSession', reason: 'signed out' }, meta);
  }
}

function newPasswordProblem(password: string, confirm: string): string | null {
  return passwordProblem(password) ?? (password !== confirm ? 'The new password and its confirmation do not match' : null);
}

@CommandHandler(ChangeOwnPassword)
export class ChangeOwnPasswordHandler implements ICommandHandler<ChangeOwnPassword> {
  constructor(private readonly aggregates: Aggregates, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ input, meta }: ChangeOwnPassword) {
    if (!input.currentPassword) throw new ValidationError('Current password is required');
    const problem = newPasswordProblem(input.newPassword, input.confirmPassword);
    if (problem) throw new ValidationError(problem);
    const stream = streams.user(meta.actorUserId!);
    const { state } = await this.aggregates.load(stream, userDecider);
    if (state.status === 'none' || !(await verifyPassword(input.currentPassword, state.passwordHash))) {
      throw new ValidationError('The current password is incorrect');
    }
    const passwordHash = await hashPassword(input.newPassword, this.config.scryptLogN);
    await this.aggregates.execute(stream, userDecider, { type: 'ChangePassword', organizationId: meta.organizationId, passwordHash, keepSessionId: input.sessionId, reason: 'changed' }, meta);
  }
}

/** The link carries the user id and a random secret: `<userId>.<secret>`; only the secret's digest is stored. */
@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ email, meta }: RequestPasswordReset) {
    const address = normalizeEmail(email ?? '');
    if (!address) throw new ValidationError('Email is required');
    const user = await this.store.collection<UserDoc>(USERS).findOne({ email: address });
    if (!user || !user.active) return; // the answer is the same whether or not the address is known
    const secret = newToken();
    const expiresAt = new Date(new Date(meta.at).getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString();
    const { events } = await this.aggregates.execute(streams.user(user._id), userDecider, {
      type: 'RequestPasswordReset', organizationId: user.organizationId, tokenDigest: resetTokenDigest(this.config.sessionSecret, secret), expiresAt,
    }, { ...meta, organizationId: user.organizationId });
    if (!events.length) return;
    const link = `${this.config.publicUrl}/forgotpassword/reset?token=${encodeURIComponent(`${user._id}.${secret}`)}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your account. If it was you, open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.\n`,
    }).catch((error) => this.logger.error(`reset e-mail to user ${user._id} failed: ${String(error)}`));
  }
}

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(private readonly aggregates: Aggregates, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ input, meta }: ResetPassword) {
    const [userId, secret] = String(input.token ?? '').split('.');
    if (!isUuid(userId) || !secret) throw new ValidationError('This reset link is not valid or has already been used. Request a new one.');
    const problem = newPasswordProblem(input.password, input.confirmPassword);
    if (problem) throw new ValidationError(problem);
    const stream = streams.user(userId);
    const { state } = await this.aggregates.load(stream, userDecider);
    if (state.status === 'none') throw new ValidationError('This reset link is not valid or has already been used. Request a new one.');
    const passwordHash = await hashPassword(input.password, this.config.scryptLogN);
    await this.aggregates.execute(stream, userDecider, {
      type: 'ResetPassword', organizationId: state.organizationId, tokenDigest: resetTokenDigest(this.config.sessionSecret, secret), passwordHash, at: meta.at,
    }, { ...meta, organizationId: state.organizationId, actorUserId: userId });
  }
}
