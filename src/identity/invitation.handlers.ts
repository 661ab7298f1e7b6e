import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { CLOCK, Clock, derivedId, isUuid } from '../core/clock';
import { NotFoundError, ValidationError } from '../core/errors';
import { letter } from '../core/mail/letter';
import { MAILER, Mailer } from '../core/mail/mail.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import type { InvitationPageView } from '../shared/session';
import { identityStreams } from './identity.events';
import { organizationById, userById } from './identity.read-models';
import { AcceptInvitation, ResendInvitation } from './identity.commands';
import { InvitationThrottle } from './invitation-throttle';
import { letterheadOf } from './mail-logo';
import { hashPassword } from './passwords';
import { newPasswordProblem, personalOf, SignInResult, startSession } from './account.handlers';
import { INVITATION_TTL_DAYS, invitationTokenDigest, newToken } from './session-tokens';
import { INVALID_INVITATION, InvitationToken, userDecider } from './user.decider';

/** The public page an invitation link opens; the token is the last path segment (redacted from the logs). */
export const INVITATION_PATH = '/account/invitation';

/** Whom an invitation goes to. */
export interface Invitee {
  userId: string;
  firstName: string;
  email: string;
}

/**
 * Makes invitation links and e-mails them. The link carries the user id and a random secret,
 * `<userId>.<secret>`; only the secret's digest is recorded. The e-mail goes after the answer: a failed
 * send is logged and the administrator can send a new link with Resend.
 */
@Injectable()
export class InvitationMail implements OnApplicationShutdown {
  private readonly logger = new Logger('Invitation');
  private readonly sending = new Set<Promise<void>>();

  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A fresh link: the secret for the e-mail, and what the user's stream keeps of it. */
  newLink(at: string): { secret: string; token: InvitationToken } {
    const secret = newToken();
    const expiresAt = new Date(new Date(at).getTime() + INVITATION_TTL_DAYS * 24 * 3600_000).toISOString();
    return { secret, token: { tokenDigest: invitationTokenDigest(this.config.sessionSecret, secret), expiresAt } };
  }

  /** `person` as the user's stream has them (the read model may not have caught up yet). */
  send(person: Invitee, secret: string, token: InvitationToken, meta: CommandMeta) {
    const sending = this.write(person, secret, token, meta)
      .catch((error) => this.logger.error(`the invitation e-mail to user ${person.userId} failed: ${String(error)}`))
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }

  /** A stop waits for the e-mails already promised. */
  async onApplicationShutdown() {
    await Promise.all(this.sending);
  }

  private async write(user: Invitee, secret: string, token: InvitationToken, meta: CommandMeta) {
    const { userId } = user;
    const [organization, inviter] = await Promise.all([
      organizationById(this.store, meta.organizationId),
      meta.actorUserId ? userById(this.store, meta.actorUserId) : null,
    ]);
    const company = organization?.name ?? 'Your organization';
    const who = inviter ? `${inviter.fullName} (${company})` : company;
    const link = `${this.config.publicUrl}${INVITATION_PATH}/${encodeURIComponent(`${userId}.${secret}`)}`;
    const until = new Date(token.expiresAt).toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: organization?.timeZone ?? 'UTC',
    });
    await this.mailer.send(
      letter({
        // Derived from the link: a send repeated after a crash is the same message.
        id: `invitation-${derivedId(`invitation mail:${token.tokenDigest}`)}`,
        to: user.email,
        subject: `${company} invited you to CrewClock`,
        from: letterheadOf(organization, this.config.publicUrl),
        body: [
          `Hello ${user.firstName},`,
          `${who} invited you to CrewClock, where you see your jobs and track your time.`,
          {
            lead: `Choose your password with this link to finish setting up your account (it works once, until ${until}):`,
            link,
            label: 'Choose your password',
          },
          `Afterwards, sign in at ${this.config.publicUrl}/account/login with this address (${user.email}). If you did not expect this e-mail, ignore it.`,
        ],
      }),
    );
  }
}

@CommandHandler(ResendInvitation)
export class ResendInvitationHandler implements ICommandHandler<ResendInvitation> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly throttle: InvitationThrottle,
    private readonly mail: InvitationMail,
  ) {}

  async execute({ userId, meta }: ResendInvitation) {
    if (!isUuid(userId)) throw new NotFoundError('The user');
    const stream = identityStreams.user(userId);
    // Checked before the allowance is spent: another organization's user stays a 404, a refusal spends nothing.
    const { state } = await this.aggregates.load(stream, userDecider);
    const { secret, token } = this.mail.newLink(meta.at);
    userDecider.decide({ type: 'InviteUser', organizationId: meta.organizationId, ...token }, state);
    await this.throttle.email(userId);
    await this.aggregates.execute(
      stream,
      userDecider,
      { type: 'InviteUser', organizationId: meta.organizationId, ...token },
      meta,
    );
    if (state.status !== 'none') this.mail.send(state, secret, token, meta);
  }
}

/**
 * The user a link `<userId>.<secret>` invites and the acceptance it would be, checked by the decider run dry: a wrong,
 * used, replaced or expired link is refused with the words the submit would get.
 */
async function invitationOf(aggregates: Aggregates, sessionSecret: string, token: unknown, at: string) {
  const [userId, secret, extra] = String(token ?? '').split('.');
  if (!isUuid(userId) || !secret || extra !== undefined) throw new ValidationError(INVALID_INVITATION);
  const stream = identityStreams.user(userId);
  const { state } = await aggregates.load(stream, userDecider);
  if (state.status === 'none') throw new ValidationError(INVALID_INVITATION);
  const accept = {
    type: 'AcceptInvitation' as const,
    organizationId: state.organizationId,
    tokenDigest: invitationTokenDigest(sessionSecret, secret),
    at,
  };
  userDecider.decide({ ...accept, passwordHash: '' }, state);
  return { userId, stream, state, accept };
}

/**
 * What the invitation page shows on opening (issue #44): the organization's name, or at once that the link no longer
 * works, rather than a form that fails on submit. Changes nothing (mail scanners open links first). The link's digest
 * is kept in the user's stream only, not in a read model, so this reads that one stream, as the submit does.
 */
export class GetInvitationPage {
  constructor(
    readonly token: string,
    readonly ipAddress: string,
  ) {}
}

@QueryHandler(GetInvitationPage)
export class GetInvitationPageHandler implements IQueryHandler<GetInvitationPage> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly throttle: InvitationThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ token, ipAddress }: GetInvitationPage): Promise<InvitationPageView> {
    await this.throttle.view(ipAddress);
    const at = this.clock.now().toISOString();
    const { state } = await invitationOf(this.aggregates, this.config.sessionSecret, token, at);
    const organization = await organizationById(this.store, state.organizationId);
    return { organizationName: organization?.name ?? '', firstName: state.firstName };
  }
}

@CommandHandler(AcceptInvitation)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitation> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly throttle: InvitationThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, meta }: AcceptInvitation): Promise<Extract<SignInResult, { token: string }>> {
    await this.throttle.submission(input.ipAddress);
    // The link is checked before the costly part (strength estimate, hashing): the decider refuses a bad one.
    const { userId, stream, state, accept } = await invitationOf(
      this.aggregates,
      this.config.sessionSecret,
      input.token,
      meta.at,
    );
    const problem = newPasswordProblem(input.password, input.confirmPassword, personalOf(state));
    if (problem) throw new ValidationError(problem);
    const passwordHash = await hashPassword(input.password, this.config.scryptLogN);
    const asThem = { ...meta, organizationId: state.organizationId, actorUserId: userId };
    const { state: accepted } = await this.aggregates.execute(stream, userDecider, { ...accept, passwordHash }, asThem);
    if (accepted.status === 'none') throw new ValidationError(INVALID_INVITATION);
    return startSession(this.aggregates, this.config, accepted, { ...input, rememberMe: false }, asThem);
  }
}
