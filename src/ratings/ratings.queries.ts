import { Inject } from '@nestjs/common';
import { hiddenJobsFor, notHiddenFilter } from '../scheduling/job-visibility';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { isUuid } from '../core/clock';
import { pageWindow } from '../core/http/page-query.dto';
import { GoneError, NotFoundError } from '../core/errors';
import { FILE_STORE, FileStore, StoredFile } from '../core/files/files.port';
import { organizationLogo } from '../core/http/public-logo';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { customerLabels, liveCustomer } from '../customers/customers.read-models';
import { organizationById, usersByIds } from '../identity/identity.read-models';
import type { CurrentUser } from '../identity/current-user';
import { CUSTOMER_RATINGS_PAGE_SIZE, MY_RATINGS_PAGE_SIZE, type Paged } from '../shared/paging';
import type { FeedbackPageView, RatingView } from '../shared/ratings';
import { LINK_EXPIRED, LINK_NOT_FOUND } from './rating.decider';
import { ratingByTokenHash, RatingDoc, ratingsPage } from './ratings.read-models';
import { FeedbackThrottle } from './feedback-throttle';
import { feedbackTokenHash, isFeedbackTokenShape } from './feedback-tokens';

type PageQuery = { currentPage?: number; pageSize?: number };

export class ListCustomerRatings {
  constructor(
    readonly viewer: CurrentUser,
    readonly customerId: string,
    readonly query: PageQuery,
  ) {}
}

export class ListMyRatings {
  constructor(
    readonly viewer: CurrentUser,
    readonly query: PageQuery,
  ) {}
}

/** The public feedback page. Reads only: opening a link (a mail scanner does) records nothing. */
export class GetFeedbackPage {
  constructor(
    readonly token: string,
    readonly ipAddress: string,
    readonly now = new Date(),
  ) {}
}

/** The organization's logo for a feedback page: any link the page knows (an expired one too), else 404. */
export class GetFeedbackLogo {
  constructor(
    readonly token: string,
    readonly ipAddress: string,
  ) {}
}

/** The feedback page's own address of its organization's logo (`/api/files` needs a session). */
export const feedbackLogoUrl = (token: string) => `/api/feedback/${encodeURIComponent(token)}/logo`;

/** The rating a link's token opens (answered, expired or replaced alike), with the token's digest; else 404. */
async function ratingOfToken(store: ReadStore, token: string): Promise<{ rating: RatingDoc; tokenHash: string }> {
  const tokenHash = isFeedbackTokenShape(token) ? feedbackTokenHash(token) : null;
  const rating = tokenHash ? await ratingByTokenHash(store, tokenHash) : null;
  if (!rating || !tokenHash) throw new NotFoundError('This feedback link', LINK_NOT_FOUND);
  return { rating, tokenHash };
}

/** Staff's names by id ('Former employee' when the user is gone). */
async function namesOf(store: ReadStore, organizationId: string, userIds: string[]) {
  const users = await usersByIds(store, [...new Set(userIds)]);
  return new Map(users.filter((u) => u.organizationId === organizationId).map((u) => [u._id, u.fullName]));
}

async function views(store: ReadStore, organizationId: string, docs: RatingDoc[]): Promise<RatingView[]> {
  const [names, customers] = await Promise.all([
    namesOf(
      store,
      organizationId,
      docs.flatMap((d) => d.associateIds),
    ),
    customerLabels(store, organizationId, [...new Set(docs.map((d) => d.customerId))]),
  ]);
  return docs.map((d) => ({
    id: d._id,
    rating: d.rating,
    notes: d.comments,
    comments: d.comments,
    jobId: d.jobId,
    jobName: d.jobName,
    jobDate: d.jobStart,
    associateIds: d.associateIds,
    associateNames: d.associateIds.map((id) => names.get(id) ?? 'Former employee'),
    customerId: d.customerId,
    customerName: customers.get(d.customerId) ?? '',
    edited: d.edited,
    original: d.original,
    history: d.history,
    submittedAt: d.submittedAt,
  }));
}

@QueryHandler(ListCustomerRatings)
export class ListCustomerRatingsHandler implements IQueryHandler<ListCustomerRatings> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ viewer, customerId, query }: ListCustomerRatings): Promise<Paged<RatingView>> {
    const organizationId = viewer.organizationId;
    if (!isUuid(customerId) || !(await liveCustomer(this.store, organizationId, customerId)))
      throw new NotFoundError('The customer');
    // Ratings of jobs hidden from the viewer are left out, as the jobs are (src/scheduling/job-visibility.ts).
    const hidden = await hiddenJobsFor(this.store, organizationId, viewer);
    const { items, totalRecords } = await ratingsPage(
      this.store,
      { organizationId, customerId, ...notHiddenFilter(hidden) },
      pageWindow(query, CUSTOMER_RATINGS_PAGE_SIZE),
    );
    return { resultItems: await views(this.store, organizationId, items), totalRecords };
  }
}

@QueryHandler(ListMyRatings)
export class ListMyRatingsHandler implements IQueryHandler<ListMyRatings> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ viewer, query }: ListMyRatings): Promise<Paged<RatingView>> {
    const { organizationId, userId } = viewer;
    const { items, totalRecords } = await ratingsPage(
      this.store,
      { organizationId, associateIds: userId },
      pageWindow(query, MY_RATINGS_PAGE_SIZE),
    );
    return { resultItems: await views(this.store, organizationId, items), totalRecords };
  }
}

@QueryHandler(GetFeedbackPage)
export class GetFeedbackPageHandler implements IQueryHandler<GetFeedbackPage> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly throttle: FeedbackThrottle,
  ) {}

  async execute({ token, ipAddress, now }: GetFeedbackPage): Promise<FeedbackPageView> {
    await this.throttle.view(ipAddress);
    const { rating, tokenHash } = await ratingOfToken(this.store, token);
    // Once answered, any of its links shows the already-submitted notice; before, only the latest link within 30 days works.
    if (!rating.submitted && (rating.tokenHash !== tokenHash || now.toISOString() > rating.expiresAt))
      throw new GoneError(LINK_EXPIRED);
    const [organization, names] = await Promise.all([
      organizationById(this.store, rating.organizationId),
      namesOf(this.store, rating.organizationId, rating.associateIds),
    ]);
    return {
      organizationName: organization?.name ?? '',
      logoUrl: organization?.logoFileId ? feedbackLogoUrl(token) : null,
      jobName: rating.jobName,
      jobDate: DateTime.fromISO(rating.jobStart, { zone: organization?.timeZone ?? 'UTC' }).toISODate() ?? '',
      associateNames: rating.associateIds.map((id) => names.get(id)).filter((n): n is string => !!n),
      submitted: rating.submitted,
    };
  }
}

@QueryHandler(GetFeedbackLogo)
export class GetFeedbackLogoHandler implements IQueryHandler<GetFeedbackLogo> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    private readonly throttle: FeedbackThrottle,
  ) {}

  async execute({ token, ipAddress }: GetFeedbackLogo): Promise<{ file: StoredFile; bytes: Buffer }> {
    await this.throttle.view(ipAddress);
    const { rating } = await ratingOfToken(this.store, token);
    return organizationLogo(this.files, await organizationById(this.store, rating.organizationId));
  }
}
