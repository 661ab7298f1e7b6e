import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Aggregates } from '../core/commands/aggregates';
import { ValidationError } from '../core/errors';
import { FILE_STORE, FileStore } from '../core/files/files.port';
import { checkImage } from '../core/uploads';
import { emailClaimDecider, organizationEmailDigest } from './email-claim.decider';
import { identityStreams } from './identity.events';
import {
  CreateOrganization,
  SetOrganizationHolidays,
  SetOrganizationLogo,
  UpdateOrganizationSettings,
} from './identity.commands';
import { organizationDecider, organizationNameProblem, timeZoneProblem } from './organization.decider';
import { hashPassword, passwordProblem } from './passwords';
import { userDecider, userDetailsProblem } from './user.decider';

/** A new organization with its first Company Admin (CLI, demo seed). */
@CommandHandler(CreateOrganization)
export class CreateOrganizationHandler implements ICommandHandler<CreateOrganization> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, meta }: CreateOrganization) {
    const { organizationId, admin } = input;
    // Everything is checked before the e-mail is claimed, so a refused request leaves nothing behind.
    const problem =
      organizationNameProblem(input.name) ??
      timeZoneProblem(input.timeZone) ??
      userDetailsProblem({ ...admin, role: 'Company Admin' }, true) ??
      passwordProblem(admin.password, [admin.firstName, admin.lastName, admin.email, input.name]);
    if (problem) throw new ValidationError(problem);
    // A new organization has no users yet: its first claim of the address is free, whoever uses it elsewhere.
    await this.aggregates.execute(
      identityStreams.emailClaim(organizationEmailDigest(organizationId, admin.email)),
      emailClaimDecider,
      { type: 'ClaimEmail', email: admin.email, userId: admin.userId },
      meta,
    );
    await this.aggregates.execute(
      identityStreams.organization(organizationId),
      organizationDecider,
      { type: 'CreateOrganization', organizationId, name: input.name, timeZone: input.timeZone },
      meta,
    );
    const passwordHash = await hashPassword(admin.password, this.config.scryptLogN);
    await this.aggregates.execute(
      identityStreams.user(admin.userId),
      userDecider,
      {
        type: 'RegisterUser',
        userId: admin.userId,
        organizationId,
        passwordHash,
        firstName: admin.firstName,
        lastName: admin.lastName,
        email: admin.email,
        employeeId: null,
        phoneNumber: null,
        colorCode: '#0D1B41',
        role: 'Company Admin',
      },
      meta,
    );
    return { organizationId, adminUserId: admin.userId };
  }
}

@CommandHandler(SetOrganizationHolidays)
export class SetOrganizationHolidaysHandler implements ICommandHandler<SetOrganizationHolidays> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ holidays, meta }: SetOrganizationHolidays) {
    await this.aggregates.execute(
      identityStreams.organization(meta.organizationId),
      organizationDecider,
      { type: 'SetOrganizationHolidays', organizationId: meta.organizationId, holidays },
      meta,
    );
  }
}

@CommandHandler(UpdateOrganizationSettings)
export class UpdateOrganizationSettingsHandler implements ICommandHandler<UpdateOrganizationSettings> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ changes, meta }: UpdateOrganizationSettings) {
    await this.aggregates.execute(
      identityStreams.organization(meta.organizationId),
      organizationDecider,
      { type: 'ChangeOrganizationSettings', organizationId: meta.organizationId, changes },
      meta,
    );
  }
}

@CommandHandler(SetOrganizationLogo)
export class SetOrganizationLogoHandler implements ICommandHandler<SetOrganizationLogo> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  async execute({ upload, meta }: SetOrganizationLogo) {
    const image = upload ? checkImage(upload) : null;
    const stored = image
      ? await this.files.save({ ...image, organizationId: meta.organizationId, kind: 'image' })
      : null;
    const { events } = await this.aggregates.execute(
      identityStreams.organization(meta.organizationId),
      organizationDecider,
      { type: 'ChangeOrganizationLogo', organizationId: meta.organizationId, fileId: stored?.id ?? null },
      meta,
    );
    for (const e of events)
      if (e.type === 'OrganizationLogoChanged' && e.data.previousFileId)
        await this.files.delete(meta.organizationId, e.data.previousFileId);
    return { logoUrl: stored ? `/api/files/${stored.id}` : null };
  }
}
