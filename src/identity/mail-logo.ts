import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { isUuid } from '../core/clock';
import { NotFoundError } from '../core/errors';
import { FILE_STORE, FileStore, StoredFile } from '../core/files/files.port';
import { organizationLogo } from '../core/http/public-logo';
import type { Letterhead } from '../core/mail/letter';
import { allowance, networkOf, take } from '../core/rate-limits';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import type { RedisClient } from '../core/redis';
import { organizationById, OrganizationDoc } from './identity.read-models';

/**
 * The logo in an organization's e-mails (issue #31 item 5). A mail reader fetches it with no session, so its address
 * is public: the organization's id and the logo's own file id (a random UUID), and it serves only the organization's
 * current logo, no other file of it. A replaced logo's address is a 404: old e-mails show the name (the image's alt).
 */
export const mailLogoPath = (organizationId: string, fileId: string) => `/api/mail-logo/${organizationId}/${fileId}`;

/** The letterhead of an organization's e-mails; `CrewClock` when no one organization sends it. */
export function letterheadOf(
  organization: Pick<OrganizationDoc, '_id' | 'name' | 'logoFileId'> | null,
  publicUrl: string,
): Letterhead {
  if (!organization) return { name: 'CrewClock', logoUrl: null };
  return {
    name: organization.name,
    logoUrl: organization.logoFileId ? `${publicUrl}${mailLogoPath(organization._id, organization.logoFileId)}` : null,
  };
}

/** Per network: mail readers' image proxies cache it, so this bounds load, not guessing (the file id has 122 bits). */
export const MAIL_LOGO_VIEWS_PER_ADDRESS = 600;

export class MailLogoThrottle {
  private readonly views: RateLimiterAbstract;

  constructor(redis: RedisClient | null) {
    this.views = allowance(redis, 'mail_logo_address', MAIL_LOGO_VIEWS_PER_ADDRESS, 3600);
  }

  view(address: string): Promise<void> {
    return take(this.views, networkOf(address), 'Too many images opened from this network.');
  }
}

export class GetMailLogo {
  constructor(
    readonly organizationId: string,
    readonly fileId: string,
    readonly ipAddress: string,
  ) {}
}

@QueryHandler(GetMailLogo)
export class GetMailLogoHandler implements IQueryHandler<GetMailLogo> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    private readonly throttle: MailLogoThrottle,
  ) {}

  async execute({ organizationId, fileId, ipAddress }: GetMailLogo): Promise<{ file: StoredFile; bytes: Buffer }> {
    await this.throttle.view(ipAddress);
    if (!isUuid(organizationId) || !isUuid(fileId)) throw new NotFoundError('The logo');
    const organization = await organizationById(this.store, organizationId);
    if (organization?.logoFileId !== fileId) throw new NotFoundError('The logo');
    return organizationLogo(this.files, organization);
  }
}
