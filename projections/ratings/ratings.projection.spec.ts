import { eventLog, projection } from '../../src/core/projection.testing';
import type { CustomerEvent } from '../../src/customers/customers.events';
import { CUSTOMERS } from '../../src/customers/customers.read-models';
import type { RatingEvent, RatingMailEvent } from '../../src/ratings/ratings.events';
import { ratingByTokenHash, RATING_MAILS, RATING_TOKENS, RATINGS } from '../../src/ratings/ratings.read-models';
import { customersProjection } from '../customers/customers.projection';
import { ratingsProjection } from './ratings.projection';
import { customerDetails } from '../../src/customers/customers.testing';

const ORG = 'org-1';
const CUSTOMER = 'customer-a';
const JOB = 'job-a';
const ANA = 'user-ana';
const MANAGER = 'user-manager';

describe('ratings projection', () => {
  const spec = projection(ratingsProjection, { readsFrom: [customersProjection] });
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: MANAGER })));
  const rating = (e: RatingEvent) => log.event(`rating-${e.data.ratingId}`, e);
  const customerCreated = () =>
    log.event(`customer-${CUSTOMER}`, {
      type: 'CustomerCreated',
      data: {
        customerId: CUSTOMER,
        organizationId: ORG,
        ...customerDetails({ name: 'Maple Lawns', contactEmail: 'pat@maple.test' }),
      },
    } satisfies CustomerEvent);
  const requested = (ratingId = JOB, tokenHash = 'hash-1', requestId: string | null = `request-${tokenHash}`) =>
    rating({
      type: 'RatingRequested',
      data: {
        ratingId,
        jobId: ratingId,
        organizationId: ORG,
        customerId: CUSTOMER,
        jobName: 'Lawn care',
        jobNumber: 'J-1',
        jobStart: '2030-01-08T09:00:00-06:00',
        jobEnd: '2030-01-08T11:00:00-06:00',
        associateIds: [ANA],
        tokenHash,
        expiresAt: '2030-02-08T00:00:00.000Z',
        requestedBy: 'system',
        ...(requestId ? { requestId } : {}),
      },
    });
  const submitted = (stars: number | null, comments: string | null = null, ratingId = JOB) =>
    rating({
      type: 'RatingSubmitted',
      data: { ratingId, organizationId: ORG, customerId: CUSTOMER, tokenHash: 'hash-1', rating: stars, comments },
    });
  const edited = (from: number | null, to: number | null, ratingId = JOB) =>
    rating({
      type: 'RatingEdited',
      data: {
        ratingId,
        organizationId: ORG,
        customerId: CUSTOMER,
        by: MANAGER,
        from: { rating: from, comments: null },
        to: { rating: to, comments: 'Corrected' },
      },
    });
  const mailed = (requestId: string, to: string | null = 'pat@maple.test') =>
    log.event(`ratingMail-${requestId}`, {
      type: 'RatingRequestMailed',
      data: { requestId, ratingId: JOB, organizationId: ORG, to },
    } satisfies RatingMailEvent);

  const asked = {
    _id: JOB,
    organizationId: ORG,
    customerId: CUSTOMER,
    jobId: JOB,
    jobName: 'Lawn care',
    jobNumber: 'J-1',
    jobStart: '2030-01-08T09:00:00-06:00',
    jobStartsAt: '2030-01-08T15:00:00.000Z',
    jobEnd: '2030-01-08T11:00:00-06:00',
    associateIds: [ANA],
    tokenHash: 'hash-1',
    expiresAt: '2030-02-08T00:00:00.000Z',
    requestedBy: 'system',
    submitted: false,
    rating: null,
    comments: null,
    submittedAt: null,
    edited: false,
    original: null,
    history: [],
  };

  it('keeps a requested rating with the job as asked about, its link, and its e-mail to send', async () => {
    await spec.given(customerCreated(), requested()).then({
      [RATINGS]: [{ ...asked, requestedAt: log.at(2), _rev: 0 }],
      [RATING_TOKENS]: [{ _id: 'hash-1', ratingId: JOB, organizationId: ORG }],
      [RATING_MAILS]: [
        { _id: 'request-hash-1', ratingId: JOB, organizationId: ORG, requestedAt: log.at(2), mailed: false },
      ],
    });
  });

  it("keeps the latest request's link on the rating, and an e-mail sent as sent", async () => {
    await spec.given(customerCreated(), requested(), mailed('request-hash-1'), requested(JOB, 'hash-2')).then({
      [RATINGS]: [{ ...asked, tokenHash: 'hash-2', requestedAt: log.at(4), _rev: 1 }],
      [RATING_TOKENS]: [
        { _id: 'hash-1', ratingId: JOB, organizationId: ORG },
        { _id: 'hash-2', ratingId: JOB, organizationId: ORG },
      ],
      [RATING_MAILS]: [
        { _id: 'request-hash-1', ratingId: JOB, organizationId: ORG, requestedAt: log.at(2), mailed: true },
        { _id: 'request-hash-2', ratingId: JOB, organizationId: ORG, requestedAt: log.at(4), mailed: false },
      ],
    });
  });

  it('records the mailing of a request kept before requests had an id', async () => {
    await spec
      .given(customerCreated(), requested(JOB, 'hash-1', null), mailed('request-old', null))
      .then(RATING_MAILS, [
        { _id: 'request-old', ratingId: JOB, organizationId: ORG, requestedAt: log.at(3), mailed: true },
      ]);
  });

  it("keeps the customer's answer, and averages the customer's stars", async () => {
    await spec.given(customerCreated(), requested(), submitted(4, 'Edges missed')).then({
      [RATINGS]: [
        {
          ...asked,
          requestedAt: log.at(2),
          submitted: true,
          rating: 4,
          comments: 'Edges missed',
          submittedAt: log.at(3),
          original: { rating: 4, comments: 'Edges missed' },
          history: [{ rating: 4, comments: 'Edges missed', at: log.at(3), by: 'customer' }],
          _rev: 1,
        },
      ],
      [CUSTOMERS]: [expect.objectContaining({ _id: CUSTOMER, averageRating: 4, totalReviews: 1 })],
    });
  });

  it("keeps a manager's edit after the customer's answer, and averages again", async () => {
    await spec
      .given(
        customerCreated(),
        requested(),
        submitted(2),
        requested('job-b', 'hash-b'),
        submitted(null, 'No stars, a word', 'job-b'),
        requested('job-c', 'hash-c'),
        submitted(4, null, 'job-c'),
        edited(2, 5),
      )
      .thenStore(async (store) => {
        expect(await ratingByTokenHash(store, 'hash-1')).toMatchObject({
          rating: 5,
          comments: 'Corrected',
          edited: true,
          original: { rating: 2, comments: null },
          history: [
            { rating: 2, comments: null, at: log.at(3), by: 'customer' },
            { rating: 5, comments: 'Corrected', at: log.at(8), by: MANAGER },
          ],
          _rev: 2,
        });
        // (5 + 4) / 2: a rating without stars counts as a review only.
        expect(await store.collection(CUSTOMERS).findOne({ _id: CUSTOMER })).toMatchObject({
          averageRating: 4.5,
          totalReviews: 3,
        });
      });
  });

  it('ignores an edit of a rating never requested', async () => {
    await spec.given(customerCreated(), edited(null, 3)).thenNothing();
  });

  it('pushes ratings.changed to the customer managers and the associates of the job', async () => {
    const { notices } = await spec.given(customerCreated(), requested(), submitted(5)).effects();
    const ratingNotices = notices.filter((n) => (n as { event: string }).event === 'ratings.changed');
    // The request itself changes nothing anyone's list shows yet.
    expect(ratingNotices).toEqual([
      {
        rooms: [`customerManagers:${ORG}`, `user:${ANA}`],
        event: 'ratings.changed',
        payload: { organizationId: ORG, ratingId: JOB, customerId: CUSTOMER },
      },
    ]);
  });
});
