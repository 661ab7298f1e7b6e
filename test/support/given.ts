import { randomUUID } from 'node:crypto';
import type { CustomerView } from '../../src/shared/customers';
import { ApiClient, ApiResponse, TEST_PASSWORD } from './app';

/** The fields of a request body, as a test names them (the API's own names). */
export type Fields = Record<string, unknown>;

export interface CreatedJob {
  id: string;
  /** The series of a recurring job (its first occurrence's id is `id`); null for a one-time job. */
  recurrenceId: string | null;
}

export interface CreatedUser {
  id: string;
  email: string;
}

export type SignedInUser = ApiClient & { userId: string; email: string };

/**
 * What an API test needs to exist before it acts, made the way a person makes it: through the REST API (its
 * commands), as the client the kit is bound to. Each builder asserts the API accepted the creation (its status and
 * `success: true`) and returns what the API returned. A test names only the fields it cares about; the rest are
 * defaults. A test about the creation itself (its status, its validation messages) calls the API directly.
 */
export interface Given {
  /** POST /api/customers; the contact's first name is Pat unless given. Returns the customer's view. */
  customer(fields?: Fields): Promise<CustomerView>;
  /**
   * POST /api/recurrence-jobs with `fields` as its jobModel (a one-hour "Lawn care" on 2 June 2031 from 13:00
   * UTC, no one assigned and no customer, unless given) and `recurrence` as its recurrenceModel.
   */
  job(fields?: Fields, recurrence?: Fields): Promise<CreatedJob>;
  /**
   * POST /api/time: the bound client's timer, a Job timer when `jobId` is given, a Mileage one when `mileageStart`
   * is, else Unassigned (unless `type` says). With `endDateTime` (and `mileageEnd`) it is then stopped there with
   * PATCH /api/time/{id}. `endDateTime` may be a function, called once the start is answered, for an end relative
   * to the moment of the stop (`() => new Date().toISOString()`): an instant taken before the start was sent may
   * fall before the start the server gives it.
   */
  timer(fields?: Fields): Promise<{ id: string }>;
  /**
   * POST /api/users: a person named Uma User with an address of their own (unique in the run) and TEST_PASSWORD,
   * unless given; no password when `invite: true` is.
   */
  user(fields?: Fields): Promise<CreatedUser>;
  /** A user as `user` makes them, then signed in with their password on a client of their own. */
  signedInUser(fields?: Fields): Promise<SignedInUser>;
  /** POST /api/ratings/request: the customer of job `jobId` is e-mailed a feedback link. */
  ratingRequest(jobId: string): Promise<void>;
  /**
   * POST /api/booking-links: a one-hour "Window cleaning" bookable an hour ahead and up to 30 days out, by the staff
   * `fields.staffIds` names (else nobody), unless given. Returns the link's id.
   */
  bookingLink(fields?: Fields): Promise<string>;
}

/**
 * The builders, acting as `as`: a signed-in ApiClient (e.g. `org.manager`), or a function that gives it when a
 * builder runs, for a kit declared before the suite's `beforeAll` has signed anyone in (`kitFor(() => org.admin)`).
 */
export function kitFor(as: ApiClient | (() => ApiClient)): Given {
  const client = typeof as === 'function' ? as : () => as;
  const created = <T>(what: string, response: ApiResponse, status = 201): T => {
    expect({ what, status: response.status, success: response.body?.success, errors: response.body?.errors }).toEqual({
      what,
      status,
      success: true,
      errors: undefined,
    });
    return response.body.data as T;
  };

  const user = async (fields: Fields = {}): Promise<CreatedUser & { password?: string }> => {
    const firstName = String(fields.firstName ?? 'Uma');
    const email = String(fields.email ?? `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`);
    const password = fields.invite === true ? undefined : String(fields.password ?? TEST_PASSWORD);
    const body = { firstName, lastName: 'User', email, ...(password ? { password } : {}), ...fields };
    const { id } = created<{ id: string }>('a user', await client().post('/api/users', body));
    return { id, email, password };
  };

  return {
    customer: async (fields = {}) =>
      created<CustomerView>(
        'a customer',
        await client().post('/api/customers', { contactFirstName: 'Pat', ...fields }),
      ),

    job: async (fields = {}, recurrence) => {
      const jobModel = {
        name: 'Lawn care',
        startDateTime: '2031-06-02T13:00:00Z',
        endDateTime: '2031-06-02T14:00:00Z',
        ...fields,
      };
      const response = await client().post('/api/recurrence-jobs', {
        jobModel,
        ...(recurrence ? { recurrenceModel: recurrence } : {}),
      });
      return created<CreatedJob>('a job', response);
    },

    timer: async (fields = {}) => {
      const { endDateTime: endAt, mileageEnd, ...starting } = fields;
      const type = 'jobId' in starting ? 'Job' : 'mileageStart' in starting ? 'Mileage' : 'Unassigned';
      const { id } = created<{ id: string }>('a timer', await client().post('/api/time', { type, ...starting }));
      const endDateTime = typeof endAt === 'function' ? (endAt as () => string)() : endAt;
      if (endDateTime !== undefined || mileageEnd !== undefined) {
        const stopped = await client().patch(`/api/time/${id}`, { endDateTime, mileageEnd });
        expect({ stopped: stopped.status, errors: stopped.body?.errors }).toEqual({ stopped: 200, errors: undefined });
      }
      return { id };
    },

    user: async (fields) => {
      const { id, email } = await user(fields);
      return { id, email };
    },

    signedInUser: async (fields) => {
      const { id, email, password } = await user(fields);
      if (!password) throw new Error('an invited user has no password to sign in with yet');
      return Object.assign(await new ApiClient(client().baseUrl).signIn(email, password), { userId: id, email });
    },

    bookingLink: async (fields = {}) => {
      const link = {
        serviceName: 'Window cleaning',
        durationMinutes: 60,
        minimumNoticeMinutes: 60,
        horizonDays: 30,
        staffIds: [],
        ...fields,
      };
      return created<{ id: string }>('a booking link', await client().post('/api/booking-links', link)).id;
    },

    ratingRequest: async (jobId) => {
      const response = await client().post('/api/ratings/request', { jobId });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 200,
        body: { success: true, message: 'The rating request was sent' },
      });
    },
  };
}
