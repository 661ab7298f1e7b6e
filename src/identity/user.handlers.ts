import { Inject, Logger, OnApplicationShutdown } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Aggregates } from '../core/commands/aggregates';
import { derivedId, newId } from '../core/clock';
import { ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { FILE_STORE, FileStore } from '../core/files/files.port';
import { letter } from '../core/mail/letter';
import { MAILER, Mailer } from '../core/mail/mail.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { checkImage } from '../core/uploads';
import { isUuid } from '../core/clock';
import { claimEmail, releaseEmail } from './email-claims';
import { identityStreams, UserDetails } from './identity.events';
import { organizationById } from './identity.read-models';
import { letterheadOf } from './mail-logo';
import { CreateUser, DeleteUser, SetProfilePicture, UpdateProfile, UpdateUser } from './identity.commands';
import { hashPassword, passwordProblem } from './passwords';
import { InvitationMail } from './invitation.handlers';
import { DEFAULT_ROLE } from '../shared/session';
import { crewDaySettingsOnly, normalizeEmail, userDecider, userDetailsProblem } from './user.decider';

/**
 * Every user an administrator adds hears of it by e-mail (no password in it): that is also how the
 * owner of an address used in another organization learns of the new account. An invited user (no
 * password given) gets the invitation instead, with the link to choose one. The e-mail goes after
 * the answer; a failed send is logged and does not undo the user.
 */
@CommandHandler(CreateUser)
export class CreateUserHandler implements ICommandHandler<CreateUser>, OnApplicationShutdown {
  private readonly logger = new Logger('UserAdded');
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly invitations: InvitationMail,
  ) {}

  async execute({ input, meta, notify }: CreateUser) {
    const { password, invite, ...fields } = input;
    if (invite && password) throw new ValidationError('Set a password or send an invitation, not both');
    const details = {
      employeeId: null,
      phoneNumber: null,
      colorCode: '#0D1B41',
      ...fields,
      role: fields.role ?? DEFAULT_ROLE,
    } as UserDetails;
    const problem =
      userDetailsProblem(details, true) ??
      (invite ? null : passwordProblem(password, [details.firstName, details.lastName, details.email]));
    if (problem) throw new ValidationError(problem);
    const userId = newId();
    // The same work whether or not another organization uses the address: nothing tells the two apart.
    await claimEmail(
      this.aggregates,
      this.store,
      { organizationId: meta.organizationId, email: details.email, userId },
      meta,
    );
    const link = invite ? this.invitations.newLink(meta.at) : null;
    const passwordHash = link ? '' : await hashPassword(password!, this.config.scryptLogN);
    await this.aggregates.execute(
      identityStreams.user(userId),
      userDecider,
      {
        type: 'RegisterUser',
        userId,
        organizationId: meta.organizationId,
        passwordHash,
        ...(link ? { invitation: link.token } : {}),
        ...details,
      },
      meta,
    );
    if (link)
      this.invitations.send(
        { userId, firstName: details.firstName.trim(), email: normalizeEmail(details.email) },
        link.secret,
        link.token,
        meta,
      );
    else if (notify) {
      const sending = this.welcome(userId, normalizeEmail(details.email), meta.organizationId)
        .catch((error) => this.logger.error(`the e-mail to a new user ${userId} failed: ${String(error)}`))
        .finally(() => this.sending.delete(sending));
      this.sending.add(sending);
    }
    return { userId };
  }

  /** A stop waits for the e-mails already promised. */
  async onApplicationShutdown() {
    await Promise.all(this.sending);
  }

  private async welcome(userId: string, to: string, organizationId: string) {
    const organization = await organizationById(this.store, organizationId);
    const name = organization?.name ?? 'Your organization';
    await this.mailer.send(
      letter({
        // Derived from the user: a send repeated after a crash is the same message.
        id: `user-added-${derivedId(`user added mail:${userId}`)}`,
        to,
        subject: `${name} added you to CrewClock`,
        from: letterheadOf(organization, this.config.publicUrl),
        body: [
          `${name} added you to CrewClock.`,
          {
            lead: `Sign in with this address (${to}):`,
            link: `${this.config.publicUrl}/account/login`,
            label: 'Sign in',
          },
          'Your administrator tells you your password; if you do not know it, choose "Forgot password?" on that page.',
        ],
      }),
    );
  }
}

@CommandHandler(UpdateUser)
export class UpdateUserHandler implements ICommandHandler<UpdateUser> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ userId, input, meta }: UpdateUser) {
    if (!isUuid(userId)) throw new NotFoundError('The user');
    const { active, ...changes } = input;
    const self = userId === meta.actorUserId;
    if (self && active === false) throw new ForbiddenError('You cannot deactivate your own account.');
    const stream = identityStreams.user(userId);
    const { state } = await this.aggregates.load(stream, userDecider);
    if (state.status === 'none' || state.status === 'deleted' || state.organizationId !== meta.organizationId)
      throw new NotFoundError('The user');
    if (self && changes.role && changes.role !== state.role)
      throw new ForbiddenError('You cannot change your own role.');
    const newEmail =
      changes.email !== undefined && normalizeEmail(changes.email) !== state.email ? changes.email : null;
    if (newEmail) {
      const problem = userDetailsProblem({ email: newEmail }, false);
      if (problem) throw new ValidationError(problem);
      await claimEmail(
        this.aggregates,
        this.store,
        { organizationId: meta.organizationId, email: newEmail, userId },
        meta,
      );
    }
    try {
      await this.aggregates.execute(
        stream,
        userDecider,
        { type: 'ChangeUserDetails', organizationId: meta.organizationId, changes, active },
        meta,
      );
    } catch (error) {
      if (newEmail)
        await releaseEmail(this.aggregates, { organizationId: meta.organizationId, email: newEmail, userId }, meta);
      throw error;
    }
    if (newEmail)
      await releaseEmail(this.aggregates, { organizationId: meta.organizationId, email: state.email, userId }, meta);
  }
}

@CommandHandler(DeleteUser)
export class DeleteUserHandler implements ICommandHandler<DeleteUser> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ userId, meta }: DeleteUser) {
    if (!isUuid(userId)) throw new NotFoundError('The user');
    if (userId === meta.actorUserId) throw new ForbiddenError('You cannot delete your own account.');
    const { state } = await this.aggregates.execute(
      identityStreams.user(userId),
      userDecider,
      { type: 'DeleteUser', organizationId: meta.organizationId },
      meta,
    );
    // The address may sign up again; the user's history stays in its stream.
    if (state.status !== 'none') {
      await releaseEmail(this.aggregates, { organizationId: state.organizationId, email: state.email, userId }, meta);
    }
  }
}

@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ input, meta }: UpdateProfile) {
    const changes: Partial<UserDetails> = {};
    // The names are required with any of the details; a save of only the e-mail settings (their own card) sends none.
    if (!crewDaySettingsOnly(input)) {
      if ((input.firstName ?? '').trim() === '') throw new ValidationError('First name is required');
      if ((input.lastName ?? '').trim() === '') throw new ValidationError('Last name is required');
      changes.firstName = input.firstName;
      changes.lastName = input.lastName;
      if (input.phone !== undefined) changes.phoneNumber = input.phone;
    }
    if (input.crewDayEmail !== undefined) changes.crewDayEmail = input.crewDayEmail;
    if (input.crewDayEmailHour !== undefined) changes.crewDayEmailHour = input.crewDayEmailHour;
    await this.aggregates.execute(
      identityStreams.user(meta.actorUserId!),
      userDecider,
      { type: 'ChangeUserDetails', organizationId: meta.organizationId, changes },
      meta,
    );
  }
}

@CommandHandler(SetProfilePicture)
export class SetProfilePictureHandler implements ICommandHandler<SetProfilePicture> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  async execute({ upload, meta }: SetProfilePicture) {
    const image = upload ? checkImage(upload) : null;
    const stored = image
      ? await this.files.save({ ...image, organizationId: meta.organizationId, kind: 'image' })
      : null;
    const { events } = await this.aggregates.execute(
      identityStreams.user(meta.actorUserId!),
      userDecider,
      { type: 'ChangeProfilePicture', organizationId: meta.organizationId, fileId: stored?.id ?? null },
      meta,
    );
    for (const e of events)
      if (e.type === 'ProfilePictureChanged' && e.data.previousFileId)
        await this.files.delete(meta.organizationId, e.data.previousFileId);
    return { profilePictureUrl: stored ? `/api/files/${stored.id}` : null };
  }
}
