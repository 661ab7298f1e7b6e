import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { DateTime } from 'luxon';
import { instantInWords, WORDS, whoInWords, wordingOf, type WordingContext } from './wording';

const SRC = join(__dirname, '..');

/** Every `*.events.ts` under src. */
function eventFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : eventFiles(path);
    return entry.name.endsWith('.events.ts') ? [path] : [];
  });
}

/**
 * The event type names the files declare: the string literal first type argument of each `DomainEvent<…>`,
 * and the `type: '…'` members of `RequestDecision` (whose events are a mapped type over them).
 */
function declaredEventTypes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of eventFiles()) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (name: string) => found.set(name, file.slice(SRC.length + 1));
    const visit = (node: ts.Node, inRequestDecision: boolean) => {
      if (ts.isTypeReferenceNode(node) && node.typeName.getText(source) === 'DomainEvent') {
        const first = node.typeArguments?.[0];
        if (first && ts.isLiteralTypeNode(first) && ts.isStringLiteral(first.literal)) add(first.literal.text);
      }
      if (
        inRequestDecision &&
        ts.isPropertySignature(node) &&
        node.name.getText(source) === 'type' &&
        node.type &&
        ts.isLiteralTypeNode(node.type) &&
        ts.isStringLiteral(node.type.literal)
      )
        add(node.type.literal.text);
      const entering = inRequestDecision || (ts.isTypeAliasDeclaration(node) && node.name.text === 'RequestDecision');
      ts.forEachChild(node, (child) => visit(child, entering));
    };
    visit(source, false);
  }
  return found;
}

const ORG = 'org-00000000-0000-0000-0000-000000000001';
const USER = 'user-0000-0000-0000-0000-000000000002';
const OTHER = 'user-0000-0000-0000-0000-000000000003';
const CUSTOMER = 'cust-0000-0000-0000-0000-000000000004';
const JOB = 'job-00000-0000-0000-0000-000000000005';
const SERIES = 'series-00-0000-0000-0000-000000000006';
const TIMER = 'timer-000-0000-0000-0000-000000000007';
const RATING = 'rating-00-0000-0000-0000-000000000008';
const LINK = 'link-0000-0000-0000-0000-000000000009';
const START = '2026-06-01T13:00:00.000Z';
const END = '2026-06-01T14:00:00.000Z';

const ctx: WordingContext = {
  timeZone: 'America/New_York',
  userName: (id) => ({ [USER]: 'Abe Associate', [OTHER]: 'Mona Manager' })[id] ?? 'a former employee',
  customerName: (id) => (id === CUSTOMER ? 'Casey Customer' : 'an unknown customer'),
  label: (kind) =>
    ({
      job: 'Lawn care',
      series: 'Pool',
      timer: 'Drive',
      rating: 'Lawn care',
      bookingLink: 'Visit',
      // The booked visit was at START with USER.
      visit: START,
      visitStaff: USER,
    })[kind],
  selfBooked: () => false,
};

const jobFields = {
  name: 'Lawn care',
  notes: null,
  number: '42',
  type: null,
  userIds: [USER],
  leadUserId: USER,
  customerId: CUSTOMER,
  colorOption: '#0D1B41',
  hideFromScheduleView: false,
  availabilityOnly: false,
  start: START,
  end: END,
};
const rule = { frequency: 'Weekly', days: ['monday', 'wednesday'], weeklyRecurrence: 2, expireDate: '2026-07-01' };
const linkSettings = {
  serviceName: 'Estimate',
  durationMinutes: 60,
  staffIds: [USER, OTHER],
  minimumNoticeMinutes: 120,
  horizonDays: 30,
  bufferMinutes: 15,
  expiresOn: null,
  maxBookings: 10,
};
const visit = { bookingId: 'b-1', jobId: JOB, staffId: USER, start: START, end: END };
const occurrence = { seriesId: SERIES, organizationId: ORG, occurrenceId: `${SERIES}_20260601`, originalStart: START };
const request = { requestId: 'r-1', userId: USER };
const approved = {
  ...request,
  notChosen: [{ requestId: 'r-2', userId: OTHER }],
  changes: { userIds: { from: [], to: [USER] } },
};

/** A minimal data object of each event type, and who made it (null: nobody signed in). */
const SAMPLES: Record<string, { data: Record<string, unknown>; actor?: string | null }> = {
  OrganizationCreated: {
    data: {
      organizationId: ORG,
      name: 'Acme',
      timeZone: 'America/New_York',
      pickUpJobsEnabled: false,
      automatedRatingEmailsEnabled: true,
    },
    actor: null,
  },
  OrganizationSettingsChanged: {
    data: {
      organizationId: ORG,
      changes: { name: { from: 'Acme', to: 'Acme Inc' }, pickUpJobsEnabled: { from: false, to: true } },
    },
  },
  OrganizationLogoChanged: { data: { organizationId: ORG, fileId: 'f-1', previousFileId: null } },
  OrganizationHolidaysChanged: {
    data: {
      organizationId: ORG,
      holidays: [
        { date: '2026-11-26', name: 'Thanksgiving' },
        { date: '2026-12-25', name: null },
      ],
      previous: [],
    },
  },
  UserRegistered: {
    data: {
      userId: USER,
      organizationId: ORG,
      passwordHash: 'x',
      firstName: 'Abe',
      lastName: 'Associate',
      email: 'abe@example.test',
      employeeId: null,
      phoneNumber: null,
      colorCode: '#E2435B',
      role: 'Associate',
    },
  },
  UserDetailsChanged: {
    data: { userId: USER, organizationId: ORG, changes: { role: { from: 'Associate', to: 'Customer Manager' } } },
  },
  UserDeactivated: { data: { userId: USER, organizationId: ORG } },
  UserReactivated: { data: { userId: USER, organizationId: ORG } },
  UserDeleted: { data: { userId: USER, organizationId: ORG } },
  UserPasswordChanged: {
    data: { userId: USER, organizationId: ORG, passwordHash: 'x', reason: 'changed', keepSessionId: null },
  },
  PasswordResetRequested: {
    data: { userId: USER, organizationId: ORG, tokenDigest: 'x', expiresAt: END },
    actor: null,
  },
  UserInvited: {
    data: { userId: USER, organizationId: ORG, tokenDigest: 'x', expiresAt: END, resent: true },
  },
  InvitationAccepted: { data: { userId: USER, organizationId: ORG, passwordHash: 'x' } },
  ProfilePictureChanged: { data: { userId: USER, organizationId: ORG, fileId: 'f-2', previousFileId: 'f-1' } },
  EmailClaimed: { data: { email: 'abe@example.test', userId: USER } },
  EmailReleased: { data: { email: 'abe@example.test', userId: USER } },
  SessionStarted: {
    data: {
      sessionId: 's-1',
      userId: USER,
      organizationId: ORG,
      tokenDigest: 'x',
      rememberMe: true,
      expiresAt: END,
      ipAddress: '127.0.0.1',
      userAgent: 'jest',
    },
    actor: null,
  },
  SessionEnded: { data: { sessionId: 's-1', userId: USER, organizationId: ORG, reason: 'idle' }, actor: null },
  CustomerCreated: {
    data: {
      customerId: CUSTOMER,
      organizationId: ORG,
      name: 'Casey Co',
      displayName: null,
      contactFirstName: 'Casey',
      contactLastName: null,
      contactEmail: null,
      contactPhone: null,
      address1: null,
      address2: null,
      city: 'Boston',
      state: null,
      postalCode: null,
      country: null,
      status: 'Current',
      jobType: null,
      billingFrequency: null,
      notes: null,
    },
  },
  CustomerDetailsChanged: {
    data: { customerId: CUSTOMER, organizationId: ORG, changes: { city: { from: 'Boston', to: null } } },
  },
  CustomerDeleted: { data: { customerId: CUSTOMER, organizationId: ORG } },
  CustomerUnsubscribed: {
    data: { customerId: CUSTOMER, organizationId: ORG, address: 'pat@example.test' },
    actor: null,
  },
  CustomerResubscribed: {
    data: { customerId: CUSTOMER, organizationId: ORG, address: 'pat@example.test' },
    actor: null,
  },
  CustomerDocumentAttached: {
    data: {
      customerId: CUSTOMER,
      organizationId: ORG,
      uploadedBy: USER,
      attachmentId: 'a-1',
      name: 'Contract',
      fileId: 'f-3',
      fileName: 'contract.pdf',
      contentType: 'application/pdf',
      size: 100,
    },
  },
  CustomerDocumentRemoved: {
    data: { customerId: CUSTOMER, organizationId: ORG, attachmentId: 'a-1', fileId: 'f-3', removedBy: USER },
  },
  JobScheduled: { data: { jobId: JOB, organizationId: ORG, ...jobFields } },
  JobChanged: {
    data: {
      jobId: JOB,
      organizationId: ORG,
      changes: { start: { from: START, to: END }, userIds: { from: [USER], to: [USER, OTHER] } },
    },
  },
  JobDeleted: { data: { jobId: JOB, organizationId: ORG } },
  JobRequested: { data: { jobId: JOB, organizationId: ORG, ...request, name: 'Lawn care', start: START, end: END } },
  JobRequestApproved: { data: { jobId: JOB, organizationId: ORG, ...approved } },
  JobRequestDenied: { data: { ...occurrence, ...request } },
  JobRequestCancelled: { data: { jobId: JOB, organizationId: ORG, ...request } },
  JobSeriesScheduled: {
    data: { seriesId: SERIES, organizationId: ORG, timeZone: 'America/New_York', rule, ...jobFields },
  },
  JobSeriesChanged: {
    data: {
      seriesId: SERIES,
      organizationId: ORG,
      changes: { leadUserId: { from: USER, to: null } },
      rule: { from: rule, to: { ...rule, frequency: 'Daily', days: [], expireDate: null } },
    },
  },
  OccurrenceChanged: { data: { ...occurrence, changes: { end: { from: END, to: START } } } },
  OccurrenceDeleted: { data: occurrence },
  JobSeriesDeleted: { data: { seriesId: SERIES, organizationId: ORG } },
  TimerStarted: {
    data: {
      timerId: TIMER,
      organizationId: ORG,
      userId: USER,
      type: 'Mileage',
      start: START,
      mileageStart: 1200,
      jobId: null,
      jobName: null,
      customerId: null,
      customerName: null,
      label: 'Drive',
    },
  },
  TimeAdded: {
    data: {
      timerId: TIMER,
      organizationId: ORG,
      userId: USER,
      addedBy: OTHER,
      type: 'Job',
      start: START,
      end: END,
      mileageStart: null,
      mileageEnd: null,
      jobId: JOB,
      jobName: 'Lawn care',
      customerId: null,
      customerName: null,
      label: null,
    },
    actor: OTHER,
  },
  TimerStopped: { data: { timerId: TIMER, organizationId: ORG, userId: USER, end: END, mileageEnd: 1230 } },
  TimerChanged: {
    data: {
      timerId: TIMER,
      organizationId: ORG,
      userId: USER,
      changes: { start: { from: START, to: END }, jobId: { from: null, to: JOB }, jobName: { from: null, to: 'Lawn' } },
    },
    actor: OTHER,
  },
  TimerDeleted: { data: { timerId: TIMER, organizationId: ORG, userId: USER } },
  TimerClaimed: { data: { timerId: TIMER, organizationId: ORG, userId: USER, at: START } },
  TimerReleased: { data: { timerId: TIMER, organizationId: ORG, userId: USER } },
  TimeReviewRequested: {
    data: {
      reviewId: TIMER,
      organizationId: ORG,
      userId: USER,
      timerId: TIMER,
      request: {
        kind: 'start',
        fields: {
          type: 'Job',
          start: START,
          mileageStart: null,
          jobId: JOB,
          jobName: 'Lawn care',
          customerId: null,
          customerName: null,
          label: null,
        },
      },
      deviceAt: START,
      receivedAt: END,
      clock: { offsetMinutes: -840, limitHours: 12 },
      reason: 'The start was 14 hours before it reached us, more than the limit of 12 hours.',
    },
    actor: USER,
  },
  TimeReviewStopAdded: {
    data: { reviewId: TIMER, organizationId: ORG, userId: USER, timerId: TIMER, end: END, mileageEnd: null },
    actor: USER,
  },
  TimeReviewApproved: { data: { reviewId: TIMER, organizationId: ORG, userId: USER, timerId: TIMER } },
  TimeReviewDeclined: { data: { reviewId: TIMER, organizationId: ORG, userId: USER, timerId: TIMER } },
  TimesheetSubmitted: {
    data: { organizationId: ORG, userId: USER, periodStart: '2030-01-06', periodEnd: '2030-01-12' },
  },
  TimesheetApproved: {
    data: { organizationId: ORG, userId: USER, periodStart: '2030-01-06', periodEnd: '2030-01-12' },
  },
  TimesheetSentBack: {
    data: {
      organizationId: ORG,
      userId: USER,
      periodStart: '2030-01-06',
      periodEnd: '2030-01-12',
      reason: 'Missing Friday',
    },
  },
  TimesheetUnapproved: {
    data: {
      organizationId: ORG,
      userId: USER,
      periodStart: '2030-01-06',
      periodEnd: '2030-01-12',
      reason: 'Hours to fix',
    },
  },
  OnMyWaySent: {
    data: {
      jobId: JOB,
      organizationId: ORG,
      userId: USER,
      customerId: CUSTOMER,
      etaMinutes: 30,
      arriveBy: START,
      date: '2030-01-08',
    },
  },
  VisitReminderSent: {
    data: {
      jobId: JOB,
      organizationId: ORG,
      customerId: CUSTOMER,
      start: START,
      remindAt: START,
      to: 'pat@example.test',
    },
    actor: null,
  },
  CrewDayEmailSent: {
    data: { userId: USER, organizationId: ORG, date: '2030-01-09', jobIds: [JOB], to: 'abe@example.test' },
    actor: null,
  },
  VisitCancellationSent: {
    data: { jobId: JOB, organizationId: ORG, customerId: CUSTOMER, start: START, to: 'pat@example.test' },
    actor: null,
  },
  CalendarFeedIssued: {
    data: { userId: USER, organizationId: ORG, scope: 'person', tokenHash: 'h2', replacedTokenHash: 'h1' },
  },
  CalendarFeedRevoked: {
    data: { userId: USER, organizationId: ORG, scope: 'organization', tokenHash: 'h2' },
  },
  PayrollExported: {
    data: {
      exportId: TIMER,
      organizationId: ORG,
      format: 'gusto',
      fileId: TIMER,
      fileName: 'payroll-gusto-2030-01-06.csv',
      contentType: 'text/csv',
      sha256: 'ab',
      periods: [{ start: '2030-01-06', end: '2030-01-12' }],
      people: [{ userId: USER, periodStart: '2030-01-06', fingerprint: 'f' }],
      timers: [],
      position: '1',
    },
  },
  AvailabilitySet: {
    data: {
      userId: USER,
      organizationId: ORG,
      entries: [{ id: 'e-1', weekDay: 'Monday', startTime: '09:00', endTime: '24:00' }],
      previous: [],
    },
    actor: OTHER,
  },
  TimeOffSet: {
    data: {
      userId: USER,
      organizationId: ORG,
      timeOff: [{ id: 't-1', from: '2026-12-21', to: '2026-12-31', note: 'Holiday trip' }],
      previous: [],
    },
    actor: OTHER,
  },
  RatingRequested: {
    data: {
      ratingId: RATING,
      jobId: JOB,
      organizationId: ORG,
      customerId: CUSTOMER,
      jobName: 'Lawn care',
      jobStart: START,
      jobEnd: END,
      associateIds: [USER],
      tokenHash: 'x',
      expiresAt: END,
      requestedBy: 'system',
    },
    actor: null,
  },
  RatingSubmitted: {
    data: { ratingId: RATING, organizationId: ORG, customerId: CUSTOMER, tokenHash: 'x', rating: 4, comments: null },
    actor: null,
  },
  RatingEdited: {
    data: {
      ratingId: RATING,
      organizationId: ORG,
      customerId: CUSTOMER,
      by: OTHER,
      from: { rating: 4, comments: null },
      to: { rating: 1, comments: 'Late' },
    },
  },
  RatingRequestMailed: {
    data: { requestId: 'r-1', ratingId: RATING, organizationId: ORG, to: 'casey@example.test' },
    actor: null,
  },
  BookingLinkCreated: { data: { linkId: LINK, organizationId: ORG, createdBy: OTHER, ...linkSettings } },
  BookingLinkChanged: {
    data: {
      linkId: LINK,
      organizationId: ORG,
      changes: { staffIds: { from: [USER], to: [USER, OTHER] }, expiresOn: { from: null, to: '2026-12-31' } },
    },
  },
  BookingLinkPaused: { data: { linkId: LINK, organizationId: ORG } },
  BookingLinkResumed: { data: { linkId: LINK, organizationId: ORG } },
  BookingLinkDeleted: { data: { linkId: LINK, organizationId: ORG } },
  VisitBooked: {
    data: {
      linkId: LINK,
      organizationId: ORG,
      ...visit,
      customerId: CUSTOMER,
      visitor: { name: 'Vic Visitor', email: 'vic@example.test', phone: null, address: null, note: null },
    },
    actor: null,
  },
  VisitCancelled: { data: { linkId: LINK, organizationId: ORG, bookingId: 'b-1', jobId: JOB }, actor: null },
  VisitMoved: { data: { linkId: LINK, organizationId: ORG, ...visit, start: END }, actor: null },
};

describe('the words of every event type', () => {
  const declared = declaredEventTypes();
  const worded = Object.keys(WORDS);

  it('finds the event types in the events files', () => {
    expect(declared.size).toBeGreaterThan(40);
    // Spot checks of both ways a type is declared: a DomainEvent's literal and a RequestDecision member.
    expect(declared.get('JobScheduled')).toMatch(/scheduling\.events\.ts$/);
    expect(declared.get('JobRequestApproved')).toMatch(/job-request\.events\.ts$/);
  });

  it('has words for exactly the event types declared', () => {
    const withoutWords = [...declared.keys()].filter((type) => !worded.includes(type));
    const notDeclared = worded.filter((type) => !declared.has(type));
    expect({ withoutWords: withoutWords.map((t) => `${t} (${declared.get(t)})`), notDeclared }).toEqual({
      withoutWords: [],
      notDeclared: [],
    });
  });

  it('has a sample of every event type', () => {
    expect(worded.filter((type) => !SAMPLES[type])).toEqual([]);
  });

  it.each(worded)('words %s: what it did in words, each change old → new as text', (type) => {
    const sample = SAMPLES[type];
    if (!sample) throw new Error(`no sample data for ${type}: add one to SAMPLES`);
    const wording = wordingOf(type, sample.data, ctx, sample.actor === undefined ? OTHER : sample.actor);
    expect(wording).not.toBeNull();
    expect(wording!.what.trim()).not.toBe('');
    expect(wording!.what).not.toBe(type);
    expect(wording!.what).toMatch(/[a-z] ?[a-z]/i);
    expect(wording!.recordId).toEqual(expect.any(String));
    expect(wording!.recordLabel.trim()).not.toBe('');
    const bad = (wording!.changes ?? []).filter(
      (c) =>
        typeof c.field !== 'string' ||
        !c.field ||
        [c.from, c.to].some(
          (v) => v === undefined || v === null || typeof v !== 'string' || v.includes('[object Object]'),
        ),
    );
    expect(bad).toEqual([]);
    expect(JSON.stringify(wording)).not.toContain('undefined');
  });

  it('reads changes old → new with names, the zone and words', () => {
    const changed = wordingOf('JobChanged', SAMPLES.JobChanged.data, ctx, OTHER)!;
    expect(changed.changes).toEqual([
      { field: 'Start', from: 'Mon 1 Jun 2026, 9:00 AM', to: 'Mon 1 Jun 2026, 10:00 AM' },
      { field: 'Assigned', from: 'Abe Associate', to: 'Abe Associate, Mona Manager' },
    ]);
    const series = wordingOf('JobSeriesChanged', SAMPLES.JobSeriesChanged.data, ctx, OTHER)!;
    expect(series.changes).toEqual([
      { field: 'Lead', from: 'Abe Associate', to: '—' },
      { field: 'Repeat', from: 'Every 2 weeks on Mon, Wed until 1 Jul 2026', to: 'Daily' },
    ]);
    expect(wordingOf('VisitMoved', SAMPLES.VisitMoved.data, ctx, null)!.changes).toEqual([
      { field: 'Start', from: 'Mon 1 Jun 2026, 9:00 AM', to: 'Mon 1 Jun 2026, 10:00 AM' },
    ]);
    expect(
      wordingOf(
        'BookingLinkChanged',
        {
          linkId: LINK,
          organizationId: ORG,
          changes: { bufferMinutes: { from: 0, to: 90 }, horizonDays: { from: 14, to: 1 } },
        },
        ctx,
        OTHER,
      )!.changes,
    ).toEqual([
      { field: 'Buffer', from: '0 min', to: '90 min' },
      { field: 'Bookable ahead', from: '14 days', to: '1 day' },
    ]);
    // A new person's address is claimed before the log has their name: the address names the record.
    expect(
      wordingOf('EmailClaimed', { email: 'new@example.test', userId: 'someone-new-0000-0000-0000' }, ctx, OTHER)!
        .recordLabel,
    ).toBe('new@example.test');
    expect(wordingOf('AvailabilitySet', SAMPLES.AvailabilitySet.data, ctx, OTHER)!.changes).toEqual([
      { field: 'Monday', from: 'Not available', to: '9:00 AM–midnight' },
    ]);
  });

  it('words the visit reminder settings (issue #31 item 2): the modes as Organization Settings names them', () => {
    const changes = {
      visitReminders: { from: 'off', to: 'daysBefore' },
      visitReminderDays: { from: 1, to: 2 },
      visitReminderTime: { from: '09:00', to: '10:30' },
      visitReminderWindowEnd: { from: '20:00', to: '24:00' },
    };
    expect(wordingOf('OrganizationSettingsChanged', { organizationId: ORG, changes }, ctx, OTHER)!.changes).toEqual([
      { field: 'Visit reminders', from: 'Off', to: 'Days before' },
      { field: 'Reminder days before', from: '1', to: '2' },
      { field: 'Reminder time', from: '09:00', to: '10:30' },
      { field: 'Sending window end', from: '20:00', to: '24:00' },
    ]);
    const hours = {
      visitReminders: { from: 'daysBefore', to: 'hoursBefore' },
      visitReminderHours: { from: 24, to: 3 },
    };
    expect(
      wordingOf('OrganizationSettingsChanged', { organizationId: ORG, changes: hours }, ctx, OTHER)!.changes,
    ).toEqual([
      { field: 'Visit reminders', from: 'Days before', to: 'Hours before' },
      { field: 'Reminder hours before', from: '24', to: '3' },
    ]);
  });

  it("words Tomorrow's jobs by e-mail (issue #31 item 3): on or off, and the hour as My Profile shows it", () => {
    const changes = { crewDayEmail: { from: false, to: true }, crewDayEmailHour: { from: 18, to: 19 } };
    expect(wordingOf('UserDetailsChanged', { userId: USER, organizationId: ORG, changes }, ctx, USER)).toMatchObject({
      what: 'Details changed',
      changes: [
        { field: "Tomorrow's jobs by e-mail", from: 'No', to: 'Yes' },
        { field: 'E-mail hour', from: '6:00 PM', to: '7:00 PM' },
      ],
    });
    const night = { crewDayEmailHour: { from: 0, to: 12 } };
    expect(
      wordingOf('UserDetailsChanged', { userId: USER, organizationId: ORG, changes: night }, ctx, USER)!.changes,
    ).toEqual([{ field: 'E-mail hour', from: '12:00 AM', to: '12:00 PM' }]);
  });

  it("words a customer's unsubscribe and its undoing as theirs, on the customer's History", () => {
    expect(wordingOf('CustomerUnsubscribed', SAMPLES.CustomerUnsubscribed.data, ctx, null)).toMatchObject({
      recordType: 'customer',
      recordId: CUSTOMER,
      what: 'pat@example.test unsubscribed from visit reminders and feedback requests',
      without: 'recipient',
    });
    expect(wordingOf('CustomerResubscribed', SAMPLES.CustomerResubscribed.data, ctx, null)!.what).toBe(
      'pat@example.test subscribed again to visit reminders and feedback requests',
    );
    expect(whoInWords('recipient', null, ctx)).toBe('Customer via unsubscribe link');
  });

  it("words a visitor's cancel and move of a self-booked job as the visit's, a person's as the job's", () => {
    const booked = { ...ctx, selfBooked: () => true };
    const deleted = SAMPLES.JobDeleted.data;
    expect(wordingOf('JobDeleted', deleted, booked, null)).toMatchObject({
      what: 'Visit cancelled by the visitor',
      without: 'visitor',
    });
    expect(wordingOf('JobChanged', SAMPLES.JobChanged.data, booked, null)!.what).toBe('Visit moved by the visitor');
    // A manager deleting the booked job, or any job without a person (the system), still deletes a job.
    expect(wordingOf('JobDeleted', deleted, booked, OTHER)!.what).toBe('Job deleted');
    expect(wordingOf('JobDeleted', deleted, ctx, null)).toMatchObject({ what: 'Job deleted', without: 'system' });
    // A visit whose job a manager deleted ends on its link's stream by no person: the system's, not the visitor's.
    const ended = { ...SAMPLES.VisitCancelled.data, by: 'company' };
    expect(wordingOf('VisitCancelled', ended, ctx, null)).toMatchObject({
      what: 'Visit cancelled with its deleted job',
      without: 'system',
    });
  });

  it('words a customer merged into another (a booking created it) by the other one', () => {
    const merged = { ...SAMPLES.CustomerDeleted.data, mergedInto: CUSTOMER };
    expect(wordingOf('CustomerDeleted', merged, ctx, OTHER)!.what).toBe('Merged into Casey Customer');
    expect(wordingOf('CustomerDeleted', SAMPLES.CustomerDeleted.data, ctx, OTHER)!.what).toBe('Customer deleted');
  });

  it('words a part-day time off with its hours', () => {
    const data = {
      ...SAMPLES.TimeOffSet.data,
      timeOff: [
        { id: 't-2', from: '2027-01-12', to: '2027-01-12', note: 'Dentist', startTime: '13:00', endTime: '16:00' },
      ],
    };
    expect(wordingOf('TimeOffSet', data, ctx, null)!.changes).toEqual([
      { field: 'Time off', from: '—', to: 'Tue, Jan 12, 2027, 1:00 PM – 4:00 PM (Dentist)' },
    ]);
  });

  it('has no words for a type the log does not know', () => {
    expect(wordingOf('SomethingNew', {}, ctx, null)).toBeNull();
  });
});

describe('instantInWords', () => {
  const luxon = (iso: string, zone: string, format = 'ccc d LLL yyyy, h:mm a') =>
    DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat(format);
  const PRECISE = 'ccc d LLL yyyy, h:mm:ss a ZZZZ';
  /** DST changes, half-hour and quarter-hour offsets, a half-hour DST. */
  const zones = ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];

  it("writes an instant as luxon's 'ccc d LLL yyyy, h:mm a' does, across DST changes and half-hour zones", () => {
    const from = Date.parse('2026-01-01T00:00:00Z');
    for (const zone of zones)
      for (let ms = from; ms < from + 2 * 365 * 86_400_000; ms += 37 * 60_000 * 7) {
        const iso = new Date(ms).toISOString();
        expect(instantInWords(iso, zone)).toBe(luxon(iso, zone));
      }
  });

  it("writes an entry's time to the second with the zone's name, as luxon's 'ccc d LLL yyyy, h:mm:ss a ZZZZ' does", () => {
    // Two years at an odd step, the seconds of every instant, and the hours around both New York changes of 2027.
    const from = Date.parse('2026-01-01T00:00:17.250Z');
    const instants = [
      ...Array.from({ length: 1_000 }, (_, i) => from + i * 7 * 3_600_000 * 5 + i * 1_013),
      ...Array.from({ length: 240 }, (_, i) => Date.parse('2027-03-14T05:00:00Z') + i * 60_000 + i),
      ...Array.from({ length: 240 }, (_, i) => Date.parse('2027-11-07T04:30:00Z') + i * 60_000 + i),
    ];
    for (const zone of zones)
      for (const ms of instants) {
        const iso = new Date(ms).toISOString();
        expect(`${zone} ${iso} ${instantInWords(iso, zone, true)}`).toBe(`${zone} ${iso} ${luxon(iso, zone, PRECISE)}`);
      }
    expect(instantInWords('2027-11-07T06:30:05Z', 'America/New_York', true)).toBe('Sun 7 Nov 2027, 1:30:05 AM EST');
    expect(instantInWords('2027-11-07T05:30:05Z', 'America/New_York', true)).toBe('Sun 7 Nov 2027, 1:30:05 AM EDT');
  });

  it('hands what it cannot write exactly to luxon: no instant, no zone, a year outside 1000–9999', () => {
    for (const [iso, zone] of [
      ['not a date', 'America/New_York'],
      ['2026-06-01T12:00:00Z', 'Mars/Olympus'],
      ['0999-12-31T23:00:00Z', 'UTC'],
      ['+275760-09-13T00:00:00Z', 'UTC'],
    ])
      expect([instantInWords(iso, zone), instantInWords(iso, zone, true)]).toEqual([
        luxon(iso, zone),
        luxon(iso, zone, PRECISE),
      ]);
    expect(instantInWords('2027-11-07T06:30:00Z', 'America/New_York')).toBe('Sun 7 Nov 2027, 1:30 AM');
  });
});
