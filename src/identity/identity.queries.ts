import { crewDaySettingsOf, visitReminderSettingsOf } from '../shared/notices';
import { paySettingsOf } from '../shared/payroll';
import { pageWindow } from '../core/http/page-query.dto';
import { everyWordIn } from '../core/read-store/search';
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import {
  activeUsers,
  OrganizationDoc,
  organizationById,
  USER_SEARCH_FIELDS,
  UserDoc,
  userById,
  usersPage,
} from './identity.read-models';
import type { CurrentUser } from './current-user';
import type { HolidayList } from '../shared/organization';
import type { ProfileView } from '../shared/profile';
import type { EmployeeOption } from '../shared/session';
import { type Paged, USERS_PAGE_SIZE } from '../shared/paging';
import {
  DEFAULT_LATE_GRACE_MINUTES,
  DEFAULT_OFFLINE_CLOCK_LIMIT_HOURS,
  type CompanyView,
  type Role,
  type SessionPayload,
  type UserView,
} from '../shared/session';

/** The user as the API shows it: never the password, never internal fields. */
export function userView(u: UserDoc): UserView {
  return {
    id: u._id,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: u.fullName,
    email: u.email,
    employeeId: u.employeeId,
    organizationId: u.organizationId,
    colorCode: u.colorCode,
    phoneNumber: u.phoneNumber,
    roles: u.roles,
    active: u.active,
    profilePictureUrl: u.profilePictureUrl,
    ...(u.invitation ? { invitationExpiresAt: u.invitation.expiresAt } : {}),
  };
}

export function companyView(o: OrganizationDoc): CompanyView {
  return {
    id: o._id,
    name: o.name,
    logoUrl: o.logoUrl,
    timeZone: o.timeZone,
    pickUpJobsEnabled: o.pickUpJobsEnabled,
    automatedRatingEmailsEnabled: o.automatedRatingEmailsEnabled,
    lateGraceMinutes: o.lateGraceMinutes ?? DEFAULT_LATE_GRACE_MINUTES,
    offlineClockLimitHours: o.offlineClockLimitHours ?? DEFAULT_OFFLINE_CLOCK_LIMIT_HOURS,
    ...paySettingsOf(o),
    ...visitReminderSettingsOf(o),
  };
}

export class GetSession {
  constructor(readonly me: CurrentUser) {}
}

/** Initial page data: roles, claims, user, company, in one call. */
@QueryHandler(GetSession)
export class GetSessionHandler implements IQueryHandler<GetSession> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ me }: GetSession): Promise<Omit<SessionPayload, 'support' | 'csrfToken'> & { roles: Role[] }> {
    const [user, company] = await Promise.all([
      userById(this.store, me.userId),
      organizationById(this.store, me.organizationId),
    ]);
    if (!user || !company) throw new NotFoundError('Your account');
    return { user: userView(user), roles: user.roles, claims: me.claims, company: companyView(company) };
  }
}

export class ListUsers {
  constructor(
    readonly organizationId: string,
    readonly query: {
      filter?: string;
      sortDir?: string;
      currentPage?: number;
      pageSize?: number;
      hideInactive?: boolean;
    },
  ) {}
}

/** Users table: server-side search, paging and sorting (firstName ascending by default). */
@QueryHandler(ListUsers)
export class ListUsersHandler implements IQueryHandler<ListUsers> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, query }: ListUsers): Promise<Paged<UserView>> {
    const filter: Record<string, unknown> = { organizationId };
    if (query.hideInactive) filter.active = true;
    const words = everyWordIn(query.filter, USER_SEARCH_FIELDS);
    if (words) filter.$and = words;
    const direction = query.sortDir?.startsWith('desc') ? -1 : 1;
    const { items, totalRecords } = await usersPage(this.store, filter, {
      sort: { sortName: direction, _id: direction },
      ...pageWindow(query, USERS_PAGE_SIZE),
    });
    return { resultItems: items.map(userView), totalRecords };
  }
}

export class ListActiveEmployees {
  constructor(readonly organizationId: string) {}
}

/** Pickers, filters and TimelineDay rows of the schedule: active users by name, at most 1000 (spec §9). */
@QueryHandler(ListActiveEmployees)
export class ListActiveEmployeesHandler implements IQueryHandler<ListActiveEmployees> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId }: ListActiveEmployees): Promise<EmployeeOption[]> {
    const users = await activeUsers(this.store, organizationId, 1000);
    return users.map((u) => ({
      id: u._id,
      fullName: u.fullName,
      colorCode: u.colorCode,
      profilePictureUrl: u.profilePictureUrl,
    }));
  }
}

export class GetOrganizationSettings {
  constructor(readonly organizationId: string) {}
}

@QueryHandler(GetOrganizationSettings)
export class GetOrganizationSettingsHandler implements IQueryHandler<GetOrganizationSettings> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId }: GetOrganizationSettings) {
    const o = await organizationById(this.store, organizationId);
    if (!o) throw new NotFoundError('The organization');
    const { id: _id, ...settings } = companyView(o);
    return settings;
  }
}

export class GetOrganizationHolidays {
  constructor(readonly organizationId: string) {}
}

@QueryHandler(GetOrganizationHolidays)
export class GetOrganizationHolidaysHandler implements IQueryHandler<GetOrganizationHolidays> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId }: GetOrganizationHolidays): Promise<HolidayList> {
    const o = await organizationById(this.store, organizationId);
    if (!o) throw new NotFoundError('The organization');
    return { holidays: o.holidays ?? [] };
  }
}

export class GetProfile {
  constructor(readonly userId: string) {}
}

@QueryHandler(GetProfile)
export class GetProfileHandler implements IQueryHandler<GetProfile> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ userId }: GetProfile): Promise<ProfileView> {
    const u = await userById(this.store, userId);
    if (!u) throw new NotFoundError('Your profile');
    return {
      firstName: u.firstName,
      lastName: u.lastName,
      phone: u.phoneNumber,
      email: u.email,
      profilePictureUrl: u.profilePictureUrl,
      ...crewDaySettingsOf(u),
    };
  }
}
